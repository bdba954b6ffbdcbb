import fs from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { pluralsAsSelects } from './src/lib/plurals.ts';

/** A message catalog: `locales/<language>.json` anywhere under src, ICU messages keyed by id. */
const CATALOG = /[\\/]locales[\\/][a-z]{2}\.json$/;

/**
 * Compiles each catalog's ICU messages (plurals, placeholders) when it is bundled, so the browser gets
 * Lingui's ready-to-use form and never downloads a message parser; plurals become selects on the
 * number's category (src/lib/plurals.ts). The output is still JSON, which Vite's own JSON handling
 * turns into a module as before.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'store:message-catalogs',
    enforce: 'pre',
    async load(id) {
      if (!CATALOG.test(id)) return null;
      const messages = JSON.parse(await fs.readFile(id, 'utf8')) as Record<string, string>;
      this.addWatchFile(id);
      return JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, pluralsAsSelects(compileMessage(text))])));
    },
  };
}
