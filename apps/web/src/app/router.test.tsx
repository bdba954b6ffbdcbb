import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STOREFRONT_ROUTES } from '@store/contract';
import { makeVideo } from '../test/fixtures.ts';
import { emptyPage, mockApi, renderApp } from '../test/render.tsx';
import { QueryClient } from '@tanstack/react-query';
import { AppRoutes, preloadWatchPage } from './router.tsx';
import routerSource from './router.tsx?raw';

const example = (route: string) => route.replace(/:[a-zA-Z]+/g, '1');
const giftPreview = { state: 'sent', from: 'Amina', message: '', title: 'Video 1', expires_at: '2026-12-24T10:00:00Z', videos: [] };
const api = (url: URL) => (/\/videoDetails\/\d+\/$/.test(url.pathname) ? makeVideo(1) : /\/gifts\/claim\/[^/]+\/$/.test(url.pathname) ? giftPreview : emptyPage);

describe('storefront routes', () => {
  it('starts a signed-in watch page opened cold, and a mangled address does not stop the app starting', () => {
    localStorage.setItem('authorized', 'true');
    mockApi(() => new Promise(() => undefined));
    const client = new QueryClient();
    expect(() => preloadWatchPage(client, '/watch/%E0%A4%A')).not.toThrow();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    preloadWatchPage(client, '/watch/31');
    expect(client.getQueryCache().find({ queryKey: ['owned-video', '31'] })).toBeDefined();
    localStorage.removeItem('authorized');
  });

  it('every path of the router is one the server answers with 200, not 404', () => {
    const paths = [...routerSource.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== '*');
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !(STOREFRONT_ROUTES as readonly string[]).includes(p!))).toEqual([]);
  });

  // /account and /profile send visitors to the login page; the dead links redirect.
  const pages = STOREFRONT_ROUTES.filter((r) => !['/account', '/profile', '/deposit', '/account/dashboard', '/account/cart'].includes(r));
  it.each(pages)('%s is a page of the router, not its 404', async (route) => {
    mockApi(api);
    renderApp(<AppRoutes />, example(route));
    const main = await screen.findByRole('main');
    // every screen's code is lazy: let it arrive before judging
    await vi.waitFor(() => expect(main.querySelector('[aria-label="Loading"]')).toBeNull());
    expect(main).not.toHaveTextContent('This page is not in the store.');
    expect(main).not.toHaveTextContent('Error!');
  });

  it('shows the 404 page for a path the server also answers with 404', async () => {
    mockApi(api);
    renderApp(<AppRoutes />, '/no/such/page');
    expect(await screen.findByText('This page is not in the store.')).toBeInTheDocument();
  });

  it('keeps the store usable when a screen fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // an answer of the wrong shape makes the video screen throw while rendering
    mockApi(() => ({ ...emptyPage, date_uploaded: 'not a date', title: 'x', image_set: [] }));
    renderApp(<AppRoutes />, '/video/1');
    expect(await screen.findByText('Error! loading results.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});
