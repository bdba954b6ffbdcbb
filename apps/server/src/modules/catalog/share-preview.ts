import type { Video } from '@store/contract';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const kshFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
/** Prices as the store writes them: `Ksh 1,250`. */
export const formatKsh = (amount: number) => `Ksh ${kshFormat.format(amount)}`;

/**
 * The <head> tags a link preview reads (WhatsApp, Facebook, X): link previews do not run JavaScript,
 * so the server writes the title, description, price and poster into the page it sends.
 */
export function sharePreviewTags(video: Video, publicUrl: string): { title: string; tags: string } {
  const title = `${video.title}${video.season ? ` · ${video.season}` : ''}`;
  const price = formatKsh(video.price);
  const synopsis = video.synopsis.length > 180 ? `${video.synopsis.slice(0, 177)}...` : video.synopsis;
  const description = `${price} · DJ ${video.dj} · ${video.genre}. ${synopsis}`;
  const url = `${publicUrl}/video/${video.vidId}`;
  const meta: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'video.movie'],
    ['property', 'og:site_name', 'Video Store Kenya'],
    ['property', 'og:title', `${title} – ${price}`],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'product:price:amount', String(video.price)],
    ['property', 'product:price:currency', 'KES'],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', `${title} – ${price}`],
    ['name', 'twitter:description', description],
  ];
  if (video.image) {
    meta.push(['property', 'og:image', `${publicUrl}${video.image}`], ['property', 'og:image:width', '480'], ['property', 'og:image:height', '720'], ['name', 'twitter:image', `${publicUrl}${video.image}`]);
  }
  const tags = meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
  return { title: escapeHtml(`${title} – ${price} | Video Store Kenya`), tags: `${tags}\n    <link rel="canonical" href="${escapeHtml(url)}" />` };
}

/**
 * Puts a page's own title and tags into the storefront's index.html. Replacer functions, never
 * replacement strings: in those `$'`, `$&` and `$\`` splice parts of the page into a title.
 */
export function withHead(indexHtml: string, head: { title: string; tags: string }): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${head.title}</title>`)
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${head.tags}\n  </head>`);
}
