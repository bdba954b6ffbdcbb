import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { Poster } from './poster.tsx';

describe('a poster', () => {
  it('shows the title lettered on the poster’s ground when its picture cannot load (offline), not an empty or broken picture', () => {
    const video = makeVideo(7, { title: 'Love in Lamu' });
    const { container } = renderApp(<Poster video={video} sizes="240px" eager />);
    const img = container.querySelector('.vc-poster img')!;
    expect(img.getAttribute('src')).toBe(video.image);
    expect(container.querySelector('.vc-poster')!.textContent).toBe('');
    fireEvent.error(img);
    expect(container.querySelector('.vc-poster img')).toBeNull();
    const lettered = container.querySelector('.vc-poster-lettered')!;
    expect(lettered.textContent).toBe('Love in Lamu');
    // The card or page around it names the video: a screen reader does not hear the title twice.
    expect(lettered.getAttribute('aria-hidden')).toBe('true');
  });
});
