type Translate = (id: string, values?: Record<string, string | number>) => string;

/**
 * A season as the store and staff write it ("Season 2"), said in the language chosen ("Msimu wa 2").
 * Anything else staff wrote ("Part One", "Msimu wa Kwanza") stays as written (issue 32 item 24).
 */
export function seasonName(t: Translate, season: string | null | undefined): string | null {
  if (!season) return null;
  const n = /^\s*season\s+(\d+)\s*$/i.exec(season)?.[1];
  return n === undefined ? season : t('season.name', { n: Number(n) });
}

/** A bundle's title: the store's own "…: all seasons" of a series in the language chosen; staff's as written. */
export function bundleTitle(t: Translate, bundle: { kind: string; title: string; series?: string | null; videos?: readonly { title: string }[] }): string {
  // The store's bundle follows one series: its videos share the series' title.
  const series = bundle.series ?? bundle.videos?.[0]?.title;
  return bundle.kind === 'all_seasons' && series ? t('season.all', { series }) : bundle.title;
}

/** What staff wrote (a notice, a title on /about) in the language chosen: their Kiswahili where they wrote it, the English otherwise. */
export function writtenIn(language: string, english: string, kiswahili: string | null | undefined): string {
  return language === 'sw' && kiswahili?.trim() ? kiswahili : english;
}

/** A video's synopsis in the language chosen: staff's Kiswahili one where they wrote it, the English one otherwise. */
export const synopsisIn = (video: { synopsis: string; synopsis_sw?: string | null }, language: string): string => writtenIn(language, video.synopsis, video.synopsis_sw);
