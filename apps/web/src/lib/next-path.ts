/** Where to go on from a guarded page (`?next=`): only ever a path on this site, never another site. */
export function nextPath(params: URLSearchParams): string | null {
  const next = params.get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}
