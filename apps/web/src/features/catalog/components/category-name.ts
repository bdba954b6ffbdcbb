/** The API's category is the seed's English word; the chip and the hero say it in the customer's language. */
const NAMES: Partial<Record<string, string>> = { series: 'catalog.kind_series', movie: 'catalog.kind_movie', anime: 'catalog.kind_anime', guide: 'catalog.kind_guide' };

/** A video's category in words (a category the storefront does not know stays as the API wrote it). */
export function categoryName(t: (id: string) => string, category: string): string {
  const id = NAMES[category];
  return id ? t(id) : category;
}
