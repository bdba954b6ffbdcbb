import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import WatchScreen from './watch.tsx';

// The player's code on a slow phone: asked for, never arriving.
const player = vi.hoisted(() => ({ asked: 0 }));
vi.mock('../components/video-player.tsx', () => {
  player.asked += 1;
  return new Promise(() => undefined);
});

const ready = { state: 'ready' as const, progress: 100, stream: '/media/private/videos/31/r1/master.m3u8?s=sig', download: null, download_name: null, download_size: null, duration: 600, thumbnails: null, renditions: [], resume_at: 0 };

/** /watch/31 for a signed-in owner; the video's details come as `answer` says. */
function openWatch(answer: () => Promise<unknown>) {
  localStorage.setItem('authorized', 'true');
  localStorage.setItem('account_id', '7');
  mockApi((url) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'token' };
    return url.pathname === '/api/videoDetails/31/' ? answer() : new Promise(() => undefined);
  });
  renderApp(
    <Routes>
      <Route path="/watch/:id" element={<WatchScreen storePage={<p>Store page</p>} />} />
    </Routes>,
    '/watch/31',
  );
}

describe('the watch page opened on a slow phone (issue 32 item 7)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says it is getting the video, with a spinner, and asks for the player at the same time as the details', async () => {
    openWatch(() => new Promise(() => undefined));
    const state = await screen.findByRole('status');
    expect(state).toHaveTextContent('Getting your video…');
    expect(state.querySelector('.player-wait-spinner')).not.toBeNull();
    // The details have not come: the player's code is already on its way, not after them.
    await vi.waitFor(() => expect(player.asked).toBe(1));
  });

  it('shows the poster and says the player is loading once the details are there', async () => {
    openWatch(async () => makeVideo(31, { owned: true, media: ready }));
    const state = await screen.findByText('Loading the player…');
    const box = state.closest('.player-wait') as HTMLElement;
    expect(box).toHaveAttribute('role', 'status');
    expect(box.style.backgroundImage).toContain('/media/posters/k31-480.webp');
  });

  it('says both in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    openWatch(async () => makeVideo(31, { owned: true, media: ready }));
    const wait = (await screen.findByText('Tunapakia kicheza video…')).closest('.player-wait') as HTMLElement;
    expect(within(wait).getByRole('button', { name: 'Cheza' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('offers Play on the poster before the player has arrived, and takes the tap', async () => {
    openWatch(async () => makeVideo(31, { owned: true, media: ready }));
    const wait = (await screen.findByText('Loading the player…')).closest('.player-wait') as HTMLElement;
    fireEvent.click(within(wait).getByRole('button', { name: 'Play' }));
    // The tap is taken (the player starts playing when it arrives): no second Play, the wait goes on.
    expect(within(wait).queryByRole('button')).toBeNull();
    expect(wait).toHaveTextContent('Loading the player…');
  });
});
