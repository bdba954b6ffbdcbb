import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OwnedMedia, Rental } from '@store/contract';
import { makeVideo } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { ResourceList } from './resource-list.tsx';

const media: OwnedMedia = { state: 'ready', progress: 100, stream: '/media/hls/3/master.m3u8?sig=x', download: '/media/download/3.mp4?sig=x', download_name: 'Nairobi Heist.mp4', download_size: 80_000_000, duration: 600, thumbnails: null, renditions: [], resume_at: 0 };
const rental: Rental = { id: 1, video_id: 3, title: 'Nairobi Heist', image: null, price_paid: 50, rented_at: '2026-11-24T08:00:00Z', started_at: '2026-11-24T09:00:00Z', expires_at: '2026-11-26T09:00:00Z' };

describe('the resource list', () => {
  it('offers the owner the download', () => {
    renderApp(<ResourceList video={makeVideo(3, { media, owned: true })} onPlay={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', media.download);
  });

  it('never offers a rental the download, even if an address came with it', () => {
    renderApp(<ResourceList video={makeVideo(3, { media, owned: false, rental })} onPlay={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });
});
