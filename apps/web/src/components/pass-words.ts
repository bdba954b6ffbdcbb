import type { PassScope } from '@store/contract';

type Translate = (id: string, values?: Record<string, string | number>) => string;
const HOUR = 3_600_000;

/** How long a pass runs, as people say it: "1 day", "7 days", "30 days", or hours when not whole days. */
export const passLength = (t: Translate, hours: number) => (hours % 24 === 0 ? t('pass.length_days', { days: hours / 24 }) : t('pass.length_hours', { hours }));

const CATEGORIES: Partial<Record<string, string>> = { movie: 'pass.category_movie', series: 'pass.category_series', anime: 'pass.category_anime', guide: 'pass.category_guide' };

/** What a pass covers: "Everything", "DJ Afro", a genre, a category. */
export function passScopeName(t: Translate, scope: PassScope): string {
  if (scope.kind === 'all') return t('pass.scope_all');
  const name = scope.name ?? String(scope.value ?? '');
  if (scope.kind === 'dj') return /^dj\b/i.test(name) ? name : t('pass.scope_dj', { name });
  if (scope.kind === 'category') {
    const id = CATEGORIES[String(scope.value ?? '')];
    return id ? t(id) : name;
  }
  return name;
}

/** "Ends in 2 days" (48 h or more), "Ends in 31 h", "Ends in 12 min", or ended: the server's `ends_at` decides, this only says it. */
export function passTimeLeft(t: Translate, endsAt: string, now = Date.now()): string {
  const left = Date.parse(endsAt) - now;
  if (!(left > 0)) return t('pass.ended');
  if (left >= 48 * HOUR) return t('pass.ends_in_days', { days: Math.floor(left / (24 * HOUR)) });
  if (left >= HOUR) return t('pass.ends_in_hours', { hours: Math.floor(left / HOUR) });
  return t('pass.ends_in_minutes', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
}
