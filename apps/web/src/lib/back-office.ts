/** The back office is another app, at /admin/: the storefront's router cannot show it, a page load does. */
export const isBackOffice = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** Leaves the storefront for the back office (a DJ's invited login lands there, issue 32 item 16). */
export function openBackOffice(path: string) {
  window.location.assign(path);
}
