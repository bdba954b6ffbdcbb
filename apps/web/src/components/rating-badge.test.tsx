import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { speakKiswahili } from '../test/speak-kiswahili.ts';
import { VideoCard } from './video-card.tsx';
import { RatingLine } from './rating-badge.tsx';

describe('KFCB ratings on screen', () => {
  it('shows the board’s symbol on a card, with its meaning for a screen reader', () => {
    renderApp(<VideoCard video={makeVideo(3, { rating: '18' })} />);
    const badge = screen.getByRole('img', { name: '18: not for viewers under 18' });
    expect(badge.textContent).toBe('18');
  });

  it('writes the meaning out on a video’s page, in Kiswahili too', () => {
    const untranslated = speakKiswahili();
    renderApp(<RatingLine rating="16" />);
    expect(screen.getByText('si kwa watazamaji walio chini ya miaka 16', { exact: false }).textContent).toBe('16: si kwa watazamaji walio chini ya miaka 16');
    expect(untranslated()).toEqual([]);
  });
});
