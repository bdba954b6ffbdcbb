import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { VideoPreview } from './video-preview.tsx';

// hls.js as the preview drives it: what it was asked to play, and nothing fetched.
const loaded: string[] = [];
vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    on() {}
    loadSource(url: string) {
      loaded.push(url);
    }
    attachMedia() {}
    destroy() {}
  }
  return { default: FakeHls };
});

const PREVIEW = '/media/previews/7/r3-1/index.m3u8';
// A 92-minute film: 56.1 MB at the data-saver rung, 412 MB to download.
const film = makeVideo(7, { title: 'Nairobi Heist', duration: 92 * 60 + 10, data_saver_size: 56_100_000, download_size: 412_000_000, preview: PREVIEW });

describe('try before you buy on a video page', () => {
  beforeEach(() => {
    loaded.length = 0;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });

  it('tells anyone the length and the size in MB at the data-saver rung and to download, before paying', () => {
    renderApp(<VideoPreview video={film} />);
    expect(screen.getByText('Length: 1 h 32 min')).toBeInTheDocument();
    expect(screen.getByText('Data saver: 56 MB')).toBeInTheDocument();
    expect(screen.getByText('Download: 412 MB')).toBeInTheDocument();
    // The preview is the first minute of the data-saver rung: 56.1 MB x 60 / 5530 s.
    expect(screen.getByText('First minute, free for everyone · about 0.6 MB')).toBeInTheDocument();
  });

  it('plays the public first minute when Preview is tapped, with no account and no signed address', async () => {
    renderApp(<VideoPreview video={film} />);
    expect(document.querySelector('video')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const player = await screen.findByLabelText('Preview of Nairobi Heist');
    expect(player.tagName).toBe('VIDEO');
    await waitFor(() => expect(loaded).toEqual([PREVIEW]));
    fireEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(document.querySelector('video')).toBeNull();
  });

  it('says it all in Kiswahili', () => {
    const untranslated = speakKiswahili();
    renderApp(<VideoPreview video={{ ...film, duration: 42 }} />);
    expect(screen.getByText('Urefu: sekunde 42')).toBeInTheDocument();
    expect(screen.getByText('Kiokoa data: MB 56')).toBeInTheDocument();
    expect(screen.getByText('Pakua: MB 412')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kionjo' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('shows nothing for a video that does not play yet, and no Preview until its preview is made', () => {
    const { container } = renderApp(<VideoPreview video={makeVideo(8)} />);
    expect(container).toBeEmptyDOMElement();
    renderApp(<VideoPreview video={{ ...film, preview: null }} />);
    expect(screen.getByText('Length: 1 h 32 min')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
  });
});
