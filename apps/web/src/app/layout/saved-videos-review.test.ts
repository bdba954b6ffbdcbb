import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewSavedVideosWhenOnline } from './saved-videos-review.ts';

const reviewSavedVideos = vi.fn(async () => undefined);
vi.mock('../../features/player/offline/review.ts', () => ({ reviewSavedVideos }));

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('saved videos checked with the server when the phone is online', () => {
  afterEach(() => reviewSavedVideos.mockClear());

  it('checks them on start for a signed-in customer with saved videos, and again when the network comes back', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('savedVideos', JSON.stringify([{ id: 1 }]));
    const stop = reviewSavedVideosWhenOnline();
    await settle();
    expect(reviewSavedVideos).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(reviewSavedVideos).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(reviewSavedVideos).toHaveBeenCalledTimes(2);
  });

  it('fetches nothing when nothing is saved or nobody is signed in', async () => {
    localStorage.setItem('authorized', 'true');
    reviewSavedVideosWhenOnline()();
    localStorage.setItem('authorized', 'false');
    localStorage.setItem('savedVideos', JSON.stringify([{ id: 1 }]));
    reviewSavedVideosWhenOnline()();
    await settle();
    expect(reviewSavedVideos).not.toHaveBeenCalled();
  });
});
