// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, fireEvent } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminVideo } from '@store/contract';
import { createI18nProvider } from '../../providers/i18n.ts';
import { messages } from './words.ts';
import { session } from '../../providers/session.ts';
import { MediaPanel } from './media-panel.tsx';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);

const video = (over: Partial<AdminVideo> = {}): AdminVideo => ({
  id: 7,
  title: 'Empire of Swords',
  season: 'Season 2',
  dj_id: 1,
  genre_id: 1,
  cartegory: 'series',
  type: 'Swahili',
  price: 250,
  synopsis: '',
  synopsis_sw: null,
  suggest: false,
  popular: false,
  published: true,
  rating: '16',
  rent_price: null,
  rental_hours: 48,
  purchase_times: 3,
  date_uploaded: '2026-11-20T10:00:00Z',
  poster: null,
  playable: true,
  duration: 754,
  ends_early: null,
  job: null,
  files: [],
  ...over,
});

/** The back office's API for one video: GET answers `current`, PUT poster saves a picture. */
function serve(current: () => AdminVideo) {
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith('/poster') && init?.method === 'PUT') return Response.json({ poster: '/images/p.webp' });
    return Response.json(current());
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderPanel = (record: AdminVideo) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>
        <MediaPanel />
      </RecordContextProvider>
      <Notification />
    </AdminContext>,
  );

describe('the media panel of a video', () => {
  beforeEach(() => session.set('token'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.set(null);
  });

  it('shows the duration of the file that plays', async () => {
    serve(() => video());
    renderPanel(video());
    await screen.findByText('Ready');
    expect(screen.getByText('12 min 34 s')).toBeTruthy();
  });

  it('hides the old duration while a new file transcodes, and shows the new one when it is done', async () => {
    let current = video({ job: { id: 3, state: 'running', progress: 40, attempts: 1, error: null, updated_at: '2026-11-22T10:00:00Z', seconds_left: null, expected_seconds: null } });
    serve(() => current);
    renderPanel(current);
    await screen.findByText('Transcoding 40%');
    expect(screen.queryByText('12 min 34 s')).toBeNull();
    current = video({ duration: 3600, job: { id: 3, state: 'done', progress: 100, attempts: 1, error: null, updated_at: '2026-11-22T10:05:00Z', seconds_left: null, expected_seconds: null } });
    await screen.findByText('60 min 0 s', undefined, { timeout: 5000 });
  });

  it('shows how long a running transcode is expected to take, beside its progress', async () => {
    let current = video({ job: { id: 4, state: 'queued', progress: 0, attempts: 0, error: null, updated_at: '2026-11-22T09:59:00Z', seconds_left: null, expected_seconds: 200 } });
    serve(() => current);
    renderPanel(current);
    await screen.findByText('Expected to take about 4 min');
    current = video({ job: { id: 4, state: 'running', progress: 10, attempts: 1, error: null, updated_at: '2026-11-22T10:00:00Z', seconds_left: 170, expected_seconds: null } });
    await screen.findByText('About 3 min left', undefined, { timeout: 5000 });
    expect(screen.getByRole('progressbar', { name: 'Transcoding progress' })).toBeTruthy();
    current = video({ job: { id: 4, state: 'running', progress: 95, attempts: 1, error: null, updated_at: '2026-11-22T10:03:00Z', seconds_left: 9, expected_seconds: null } });
    await screen.findByText('Less than a minute left', undefined, { timeout: 5000 });
  });

  it('warns staff that the file ends early and why, in English and in Kiswahili', async () => {
    const cut = video({ duration: 283, ends_early: { reason: 'shorter_than_declared', declared_seconds: 5400, playable_seconds: 283 } });
    serve(() => cut);
    renderPanel(cut);
    expect(await screen.findByText(/^This file ends early: it plays 4 min 43 s of the 90 min 0 s it declares, so it was probably cut short/)).toBeTruthy();
    cleanup();
    await i18nProvider.changeLocale('sw');
    try {
      const ts = video({ duration: 47, ends_early: { reason: 'cut_mid_packet', declared_seconds: null, playable_seconds: 47 } });
      serve(() => ts);
      renderPanel(ts);
      expect(await screen.findByText(/^Faili hii inakatika katikati ya pakiti baada ya Dakika 0 sekunde 47/)).toBeTruthy();
      expect(screen.queryByText(/stops in the middle/)).toBeNull();
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });

  it('tells staff where the media stands in Kiswahili when the back office is in Kiswahili', async () => {
    await i18nProvider.changeLocale('sw');
    try {
      serve(() => video({ playable: false, duration: null, poster: null }));
      renderPanel(video({ playable: false, duration: null, poster: null }));
      await screen.findByText('Bado haina video');
      expect(screen.getByText('Video kuu')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Pakia video' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Pakia picha ya jalada' })).toBeTruthy();
      expect(screen.getByText('Hakuna faili za ziada (manukuu, miongozo, klipu za ziada).')).toBeTruthy();
      expect(screen.queryByText('No video yet')).toBeNull();
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });

  it('says "Picture saved." beside the poster button, not in a toast over the transcoding status', async () => {
    const fetch = serve(() => video({ job: { id: 3, state: 'queued', progress: 0, attempts: 0, error: null, updated_at: '2026-11-22T10:00:00Z', seconds_left: null, expected_seconds: null } }));
    const { container } = renderPanel(video());
    await screen.findByText('Queued');
    const input = screen.getByLabelText('Upload poster') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'poster.png', { type: 'image/png' })] } });
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Picture saved.'));
    expect(fetch).toHaveBeenCalledWith('/api/admin/videos/7/poster', expect.objectContaining({ method: 'PUT' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.ownerDocument.querySelector('.MuiSnackbar-root')).toBeNull();
    expect(screen.getAllByText('Picture saved.')).toHaveLength(1);
  });
});
