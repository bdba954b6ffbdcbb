import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@store/contract';
import { i18n } from '../../../lib/i18n.ts';
import { makeVideo } from '../../../test/fixtures.ts';
import { fakeCaches } from '../../../test/fake-caches.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import sw from '../locales/sw.json';
import { savedVideo } from '../offline/saved-videos.ts';
import { pauseSaving, resumeSaving, startSaving } from '../offline/saver.ts';
import { SaveOffline } from './save-offline.tsx';

const renditions = [
  { name: '240p', height: 240, bandwidth: 144_000, data_saver: true },
  { name: '720p', height: 720, bandwidth: 2_000_000, data_saver: false },
];
const owned = (): Video =>
  makeVideo(7, {
    owned: true,
    media: { state: 'ready', progress: 100, stream: '/media/private/videos/7/r1/master.m3u8?s=sig', download: null, download_name: null, download_size: null, duration: 3600, thumbnails: null, renditions, resume_at: 0 },
  });

const SEGMENTS = 5;
const SEGMENT_BYTES = 1000;
const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=160000,RESOLUTION=426x240,NAME="240p"\n240p/index.m3u8?s=p\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,NAME="720p"\n720p/index.m3u8?s=q\n';
const rung = ['#EXTM3U', '#EXT-X-MAP:URI="init.mp4?s=i"', ...Array.from({ length: SEGMENTS }, (_, i) => `#EXTINF:4,\nseg-000${i}.m4s?s=${i}`), '#EXT-X-ENDLIST'].join('\n');

describe('save for offline', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '3');
    Object.defineProperty(navigator, 'storage', { value: { estimate: async () => ({ quota: 2_000_000_000, usage: 500_000_000 }), persist: async () => true }, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.activate('en');
  });

  it('says the size in MB of the data-saver rung before anything is saved, and of another rung when chosen, with the free space', async () => {
    mockApi(() => ({}));
    renderApp(<SaveOffline video={owned()} />);
    expect(screen.getByRole('heading', { name: 'Save for offline' })).toBeInTheDocument();
    const select = screen.getByLabelText('Quality to save');
    expect(select).toHaveDisplayValue('Data saver · 65 MB');
    expect(screen.getByTestId('offline-size')).toHaveTextContent('Takes about 65 MB of data and of space on this phone.');
    await waitFor(() => expect(screen.getByTestId('offline-size')).toHaveTextContent('Free space: about 1,500 MB.'));
    fireEvent.change(select, { target: { value: '720p' } });
    expect(screen.getByTestId('offline-size')).toHaveTextContent('Takes about 900 MB');
    expect(screen.getByRole('button', { name: 'Save for offline' })).toBeEnabled();
  });

  it('speaks Kiswahili', () => {
    mockApi(() => ({}));
    i18n.load('sw', sw);
    i18n.activate('sw');
    renderApp(<SaveOffline video={owned()} />);
    expect(screen.getByRole('heading', { name: 'Hifadhi utazame bila mtandao' })).toBeInTheDocument();
    expect(screen.getByLabelText('Ubora wa kuhifadhi')).toHaveDisplayValue('Kiokoa data · MB 65');
    expect(screen.getByRole('button', { name: 'Hifadhi kwenye simu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Video ulizohifadhi' })).toHaveAttribute('href', '/saved');
  });

  it('stores the segments under stable names of the account that saves them and, after a dropped connection, fetches only those not stored yet', async () => {
    const stored = fakeCaches();
    const fetched: string[] = [];
    let dropAt: string | null = 'seg-0002.m4s';
    mockApi((url) => {
      if (url.pathname.includes('token/refresh')) return { access: 'token' };
      if (url.pathname.startsWith('/api/videoDetails/7')) return owned();
      fetched.push(url.pathname.split('/').pop()!);
      if (dropAt && url.pathname.endsWith(dropAt)) throw new TypeError('Failed to fetch');
      if (url.pathname.endsWith('master.m3u8')) return new Response(master);
      if (url.pathname.endsWith('index.m3u8')) return new Response(rung);
      if (url.pathname.endsWith('.m4s') || url.pathname.endsWith('.mp4')) return new Response(new Uint8Array(SEGMENT_BYTES));
      return new Response(null, { status: 404 });
    });

    await act(() => startSaving(owned(), renditions[0]!, false));
    expect(savedVideo(7)).toMatchObject({ status: 'paused', pausedFor: 'connection', storedFiles: 3, storedBytes: 3 * SEGMENT_BYTES });
    expect([...stored.keys()].filter((k) => k.includes('/240p/seg-'))).toEqual(['http://localhost:3000/offline-video/account-3/7/240p/seg-0.m4s', 'http://localhost:3000/offline-video/account-3/7/240p/seg-1.m4s']);

    dropAt = null;
    fetched.length = 0;
    await act(() => resumeSaving(7));
    expect(fetched.filter((f) => f.endsWith('.m4s') || f.endsWith('.mp4'))).toEqual(['seg-0002.m4s', 'seg-0003.m4s', 'seg-0004.m4s']);
    expect(savedVideo(7)).toMatchObject({ status: 'saved', storedFiles: SEGMENTS + 1, storedBytes: (SEGMENTS + 1) * SEGMENT_BYTES });
    const playlist = await stored.get('http://localhost:3000/offline-video/account-3/7/240p/index.m3u8')!.clone().text();
    expect(playlist).not.toContain('s=');
    pauseSaving(7);
  });
});
