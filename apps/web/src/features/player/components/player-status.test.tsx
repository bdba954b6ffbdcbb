import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { nextStart, PlayerStatus, type Start, type StartEvent } from './player-status.tsx';

describe('what the player says while a video starts', () => {
  it('shows a spinner named for screen readers and says it is loading, in English and in Kiswahili', () => {
    const { unmount } = renderApp(<PlayerStatus state="loading" onRetry={() => undefined} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the video…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading the video…');
    unmount();

    const untranslated = speakKiswahili();
    renderApp(<PlayerStatus state="loading" onRetry={() => undefined} />);
    expect(screen.getByRole('progressbar', { name: 'Inapakia video…' })).toBeTruthy();
    expect(untranslated()).toEqual([]);
  });

  it('says the video cannot load and offers to try again, in English and in Kiswahili', () => {
    const retry = vi.fn();
    const { unmount } = renderApp(<PlayerStatus state="failed" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('The video could not load. Check your connection, then try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    unmount();

    const untranslated = speakKiswahili();
    renderApp(<PlayerStatus state="failed" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('Video haikuweza kupakia. Angalia mtandao wako kisha ujaribu tena.');
    expect(screen.getByRole('button', { name: 'Jaribu tena' })).toBeTruthy();
    expect(untranslated()).toEqual([]);
  });

  it('shows nothing over the picture before Play and once it plays', () => {
    const { container, rerender } = renderApp(<PlayerStatus state="idle" onRetry={() => undefined} />);
    expect(container.textContent).toBe('');
    rerender(<PlayerStatus state="playing" onRetry={() => undefined} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('when the player says it is loading', () => {
  const replay = (events: StartEvent[], from: Start = { state: 'loading', requested: false }) => events.reduce(nextStart, from);

  it('is loading until it can play, then waits for Play; from the tap it is loading until the first frame', () => {
    expect(replay([]).state).toBe('loading');
    expect(replay(['can-play']).state).toBe('idle');
    expect(replay(['can-play', 'play-request']).state).toBe('loading');
    expect(replay(['can-play', 'play-request', 'playing']).state).toBe('playing');
    // Play tapped before the player could play: it stays loading when it can.
    expect(replay(['play-request', 'can-play']).state).toBe('loading');
  });

  it('is loading again while a playing video waits for data, not while a paused one does', () => {
    expect(replay(['can-play', 'play-request', 'playing', 'waiting']).state).toBe('loading');
    expect(replay(['can-play', 'play-request', 'playing', 'pause', 'waiting']).state).toBe('idle');
  });

  it('stays given up after an error, whatever is tapped, until Try again', () => {
    const failed = replay(['can-play', 'error']);
    expect(failed.state).toBe('failed');
    expect(replay(['play-request', 'waiting', 'pause', 'can-play'], failed).state).toBe('failed');
    expect(replay(['retry'], failed)).toEqual({ state: 'loading', requested: true });
    expect(replay(['retry', 'can-play', 'playing'], failed).state).toBe('playing');
  });
});
