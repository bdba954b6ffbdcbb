/**
 * Plurals without Intl.NumberFormat. Lingui's own `plural` writes `#` with Intl.NumberFormat, and a
 * page's first number formatter loads ICU's number data: about 70 ms of a slow phone's main thread
 * (4x CPU slowdown), paid on every first screen by the header's "Cart, 0 videos". So the catalogs
 * keep ICU's plural syntax, and the build (vite-catalogs.ts) compiles each `{n, plural, …}` to a
 * `select` on the number's CLDR category, with `#` read as its digits; i18n.ts's `withPluralValues`
 * supplies both, for numbers and for numbers already written as text. Intl.PluralRules costs
 * about 1 ms. (No imports: vite-catalogs.ts runs this file in Node.)
 */
export const pluralCategoryName = (name: string) => `${name}#plural`;
export const pluralDigitsName = (name: string) => `${name}#digits`;

type Compiled = string | CompiledPart[];
type CompiledPart = string | [name: string, type?: string, format?: unknown];

/** A compiled message's plurals as selects (the build's half). Exact matches (`=0`) and offsets are refused. */
export function pluralsAsSelects(message: Compiled): Compiled {
  if (typeof message === 'string') return message;
  const rewrite = (parts: CompiledPart[], number?: string): CompiledPart[] =>
    parts.map((part) => {
      if (part === '#' && number) return [pluralDigitsName(number)];
      if (!Array.isArray(part) || !part[2] || typeof part[2] !== 'object') return part;
      const [name, format] = part;
      const plural = format === 'plural';
      const cases = { ...(part[2] as Record<string, unknown>) };
      if (plural) {
        // The compiler gives every plural an `offset` key, undefined unless the message set one.
        if (cases.offset || Object.keys(cases).some((key) => key !== 'offset' && !/^(zero|one|two|few|many|other)$/.test(key))) {
          throw new Error(`"${name}": only CLDR categories (one, other, …) are supported in plurals, not exact matches or offsets`);
        }
        delete cases.offset;
      }
      const branches = Object.fromEntries(Object.entries(cases).map(([key, branch]) => [key, Array.isArray(branch) ? rewrite(branch as CompiledPart[], plural ? name : number) : branch]));
      return plural ? [pluralCategoryName(name), 'select', branches] : [name, format, branches];
    });
  return rewrite(message);
}
