// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import englishMessages from 'ra-language-english';
import { Admin, memoryStore, Resource, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import customers from '../features/customers/index.ts';
import genres from '../features/genres/index.ts';
import videos from '../features/videos/index.ts';
import { dataProvider } from '../providers/data-provider.ts';
import { kiswahiliRa } from '../providers/locales/sw.ts';
import { session } from '../providers/session.ts';
import { sharedMessages } from '../providers/words.ts';
import { FEATURE_MESSAGES, i18nProvider } from './i18n-provider.ts';

/** Every part's messages as the provider merges them: the shared ones, the shell's and each feature's. */
const parts = [sharedMessages, ...FEATURE_MESSAGES];
const englishWords: Record<string, string> = Object.assign({}, ...parts.map((p) => p.en.words));
const kiswahiliWords: Record<string, string> = Object.assign({}, ...parts.map((p) => p.sw.words));

const video = { id: 7, title: 'Empire of Swords', season: 'Season 2', dj_id: 1, genre_id: 1, cartegory: 'series', type: 'Swahili', price: 250, synopsis: '', suggest: false, popular: false, published: true, purchase_times: 3, date_uploaded: '2026-11-20T10:00:00Z', poster: null, playable: true, duration: 754, job: null, files: [] };
const staff: AuthProvider = { login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined, getPermissions: async () => 'staff' };

/** The back office's API: one video, its DJ and genre; every request is kept to look at its headers. */
function serve() {
  const fetch = vi.fn(async (url: string | URL | Request) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    const rows = path.endsWith('/videos') ? [video] : path.endsWith('/djs') ? [{ id: 1, dj_name: 'DJ Afro' }] : path.endsWith('/genres') ? [{ id: 1, title: 'Action' }] : [];
    return Response.json(rows, { headers: { 'Content-Range': `items 0-${rows.length}/${rows.length}` } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const languageOf = (call: unknown[]) => new Headers((call[1] as RequestInit | undefined)?.headers).get('accept-language');

const renderAdmin = (store = memoryStore()) =>
  render(
    <Admin dataProvider={dataProvider} authProvider={staff} i18nProvider={i18nProvider} store={store} disableTelemetry>
      <Resource {...videos} />
      <Resource {...genres} />
      <Resource {...customers} />
    </Admin>,
  );

const leaves = (o: object, prefix = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v as object, `${prefix}${k}.`)));

describe('the back office in Kiswahili', () => {
  beforeEach(() => session.set('token'));
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    session.set(null);
    await i18nProvider.changeLocale('en');
  });

  it('translates every message of react-admin, with the same placeholders', () => {
    const english = new Map(leaves(englishMessages));
    const swahili = new Map(leaves(kiswahiliRa));
    expect([...swahili.keys()].sort()).toEqual([...english.keys()].sort());
    const placeholders = (s: string) => [...new Set(s.match(/%\{\w+\}/g) ?? [])].sort();
    for (const [key, text] of english) {
      expect(placeholders(swahili.get(key)!), key).toEqual(placeholders(text));
      expect(swahili.get(key)!.includes('||||'), key).toBe(text.includes('||||'));
    }
  });

  it('says every sentence of the store in Kiswahili too, with the same placeholders', () => {
    const placeholders = (s: string) => [...new Set(s.match(/%\{\w+\}/g) ?? [])].sort();
    expect(Object.keys(kiswahiliWords).sort()).toEqual(Object.keys(englishWords).sort());
    for (const [id, text] of Object.entries(englishWords)) {
      const sw = kiswahiliWords[id]!;
      expect(placeholders(sw), id).toEqual(placeholders(text));
      // Product words staff say in English stay, but a sentence is not left in English.
      if (text.split(' ').length > 2) expect(sw, id).not.toBe(text);
    }
  });

  it('has each sentence and each resource from one part only (a second would silently replace it)', () => {
    const ids = parts.flatMap((p) => [...Object.keys(p.en.words), ...Object.keys(p.en.resources).map((r) => `resources.${r}`)]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const p of parts) expect(Object.keys(p.sw.resources).sort()).toEqual(Object.keys(p.en.resources).sort());
  });

  it('switches the menu and the list’s labels to Kiswahili from the language menu, remembers it, and asks the API in it', async () => {
    const fetch = serve();
    const store = memoryStore();
    renderAdmin(store);
    await screen.findByText('Empire of Swords', undefined, { timeout: 30_000 });
    const menu = () => screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(menu()).toEqual(['Videos', 'Genres', 'Customers']);
    expect(screen.getByText('Price')).toBeTruthy();
    expect(fetch.mock.calls.map(languageOf)).toContain('en');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Kiswahili' }, { timeout: 10_000 }));

    await vi.waitFor(() => expect(menu()).toEqual(['Video', 'Aina', 'Wateja']), { timeout: 10_000 });
    expect(await screen.findByText('Bei', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Kundi')).toBeTruthy();
    expect(screen.getByText('Zilizouzwa')).toBeTruthy();
    expect(screen.queryByText('Price')).toBeNull();
    expect(screen.getByRole('button', { name: 'Kiswahili' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Onyesha upya' }));
    await vi.waitFor(() => expect(languageOf(fetch.mock.calls.at(-1)!)).toBe('sw'), { timeout: 10_000 });

    // Opened again with the same store: still Kiswahili.
    cleanup();
    renderAdmin(store);
    await vi.waitFor(() => expect(menu()).toEqual(['Video', 'Aina', 'Wateja']), { timeout: 10_000 });
    expect(await screen.findByText('Bei', undefined, { timeout: 10_000 })).toBeTruthy();
  }, 90_000);
});
