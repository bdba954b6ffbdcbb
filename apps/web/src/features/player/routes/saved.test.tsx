import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { rememberPinHere } from '../../../lib/family-lock.ts';
import { putSavedVideo } from '../offline/saved-videos.ts';
import SavedScreen from './saved.tsx';

describe('the Saved videos screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

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

  it('names no 16 or 18 copy while the family lock holds it back: counted, and shown after the PIN typed here (issue 32 item 11)', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '7');
    // The lock on, and the PIN last typed right on this phone: 2580.
    await rememberPinHere('2580');
    const base = { owner: 7, poster: null, rung: { name: '240p', height: 240, bandwidth: 150_000, data_saver: true }, duration: 600, expectedBytes: 11_250_000, storedBytes: 11_300_000, files: 151, storedFiles: 151, status: 'saved' as const, wifiOnly: false, savedAt: Date.now(), checkedAt: Date.now() };
    putSavedVideo({ ...base, id: 1, title: 'Nairobi Heist', rating: 'PG' });
    putSavedVideo({ ...base, id: 2, title: 'Zombie Harvest', rating: '18' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi(() => new Promise(() => undefined));
    renderApp(<SavedScreen />, '/saved');
    expect(await screen.findByRole('button', { name: 'Play Nairobi Heist' })).toBeInTheDocument();
    expect(screen.queryByText('Zombie Harvest')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('1 video rated 16 or 18 is hidden while the family lock is on.');
    fireEvent.click(within(note).getByRole('button', { name: 'Enter PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Family lock' });
    fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '2580' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('button', { name: 'Play Zombie Harvest' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
