import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { putSavedVideo } from '../offline/saved-videos.ts';
import SavedScreen from './saved.tsx';

describe('the Saved videos screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each saved video with the space it takes, and removes one refunded since, with a notice', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '7');
    const base = { owner: 7, poster: null, rung: { name: '240p', height: 240, bandwidth: 150_000, data_saver: true }, duration: 600, expectedBytes: 11_250_000, storedBytes: 11_300_000, files: 151, storedFiles: 151, status: 'saved' as const, wifiOnly: false, savedAt: Date.now(), checkedAt: Date.now() };
    putSavedVideo({ ...base, id: 1, title: 'Nairobi Heist' });
    putSavedVideo({ ...base, id: 2, title: 'Mtaa Comedy Club' });
    mockApi((url) => {
      if (url.pathname.includes('token/refresh')) return { access: 'token' };
      if (url.pathname === '/api/videoDetails/1/') return makeVideo(1, { owned: true, media: { state: 'ready', progress: 100, stream: 's', download: null, download_name: null, download_size: null, duration: 600, thumbnails: null, renditions: [], resume_at: 0 } });
      return makeVideo(2, { owned: false });
    });
    renderApp(<SavedScreen />, '/saved');
    expect(screen.getByRole('heading', { name: 'Saved videos' })).toBeInTheDocument();
    expect(await screen.findByText('Mtaa Comedy Club was removed from this phone: you no longer own it.')).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Nairobi Heist');
    expect(rows[0]).toHaveTextContent('Data saver · 11 MB on this phone');
    expect(screen.getByRole('button', { name: 'Play Nairobi Heist' })).toBeInTheDocument();
  });

  it('tells a series’ saved seasons apart, in the language chosen', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '7');
    const base = { owner: 7, poster: null, rung: { name: '240p', height: 240, bandwidth: 150_000, data_saver: true }, duration: 600, expectedBytes: 11_250_000, storedBytes: 11_300_000, files: 151, storedFiles: 151, status: 'saved' as const, wifiOnly: false, savedAt: Date.now(), checkedAt: Date.now(), title: 'Harvest' };
    putSavedVideo({ ...base, id: 1, season: 'Season 1' });
    putSavedVideo({ ...base, id: 2, season: 'Season 2' });
    mockApi((url) => {
      if (url.pathname.includes('token/refresh')) return { access: 'token' };
      const id = Number(/videoDetails\/(\d+)/.exec(url.pathname)?.[1]);
      return makeVideo(id, { owned: true, media: { state: 'ready', progress: 100, stream: 's', download: null, download_name: null, download_size: null, duration: 600, thumbnails: null, renditions: [], resume_at: 0 } });
    });
    renderApp(<SavedScreen />, '/saved');
    await vi.waitFor(() => expect(screen.getAllByTestId('saved-season').map((e) => e.textContent).sort()).toEqual(['Msimu wa 1', 'Msimu wa 2']));
    expect(untranslated()).toEqual([]);
  });
});
