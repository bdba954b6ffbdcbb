import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDjs } from './get-djs.ts';
import '../../../lib/auth.ts';
import { makeVideo, page } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { useVideo } from '../../../api/get-video.ts';
import { useVideos } from '../../../api/get-videos.ts';

// The server writes a shared video's page with its answers in it (storefront-pages.ts). The screen
// must have them on its first render: arriving through a fetch that resolves at once, they re-rendered
// the whole video page in one blocking task (Lighthouse's TBT on /video/31, issue 32 #8).
const lamu = makeVideo(31, { title: 'Love in Lamu' });
document.body.insertAdjacentHTML(
  'beforeend',
  `<script id="initial-data" type="application/json">${JSON.stringify({ '/api/videoDetails/31/': lamu, '/api/videoDetails/32/': makeVideo(32, { title: 'Zombie Harvest' }), '/api/videoDetails/33/': makeVideo(33, { title: 'Kingdom of Sand' }), '/api/dj/?page_size=100': page([{ id: 1, name: 'Zamu' }]), '/api/videoDetails/?page_size=7&ordering=-date_uploaded': page([lamu]) })}</script>`,
);

describe('answers written into the page', () => {
  it('are on the first render of the video page, the DJ tabs and the newest strip, with no request', () => {
    const fetchMock = mockApi(() => page([]));
    const firstRender: { video?: string; djs?: number; newest?: string }[] = [];
    function Probe() {
      const video = useVideo('31');
      const djs = useDjs();
      const newest = useVideos({ page_size: 7, ordering: '-date_uploaded' });
      firstRender.push({ video: video.data?.title, djs: djs.data?.results.length, newest: newest.data?.results[0]?.title });
      return null;
    }
    renderApp(<Probe />);
    expect(firstRender[0]).toEqual({ video: 'Love in Lamu', djs: 1, newest: 'Love in Lamu' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are used once: the next time the video is read it is asked for', async () => {
    const fetchMock = mockApi(() => makeVideo(33, { title: 'Kingdom of Sand (new price)' }));
    const titles: (string | undefined)[] = [];
    function Probe() {
      titles.push(useVideo('33').data?.title);
      return null;
    }
    const first = renderApp(<Probe />);
    expect(titles[0]).toBe('Kingdom of Sand');
    first.unmount();
    titles.length = 0;
    renderApp(<Probe />);
    expect(titles[0]).toBeUndefined();
    await waitFor(() => expect(titles.at(-1)).toBe('Kingdom of Sand (new price)'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("are not used while the phone's family lock is on: the video is asked for with the customer's token", async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '1');
    localStorage.setItem('familyLock:1', JSON.stringify({ on: true }));
    const fetchMock = mockApi((url) => (url.pathname === '/api/videoDetails/32/' ? makeVideo(32, { title: 'Zombie Harvest', family_locked: true } as object) : { access: 'a', refresh: 'r' }));
    const titles: (string | undefined)[] = [];
    function Probe() {
      titles.push(useVideo('32').data?.title);
      return null;
    }
    renderApp(<Probe />);
    expect(titles[0]).toBeUndefined();
    await waitFor(() => expect(titles.at(-1)).toBe('Zombie Harvest'));
    expect(fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://store.test').pathname)).toContain('/api/videoDetails/32/');
  });
});
