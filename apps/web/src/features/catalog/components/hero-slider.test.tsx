import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/setup.ts';
import { HeroSlider } from './hero-slider.tsx';
import { nextSlide, previousSlide } from './slider-logic.ts';

const videos = Array.from({ length: 10 }, (_, i) => makeVideo(i + 1));
const track = () => Number(screen.getByTestId('hero-track').dataset.index);
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('hero slider rule (seed §9)', () => {
  it('steps by one and wraps after the last slide on a phone', () => {
    expect([0, 1, 8, 9].map((i) => nextSlide(i, 10, false))).toEqual([1, 2, 9, 0]);
    expect(previousSlide(0, 10, false)).toBe(9);
  });
  it('wraps one slide earlier from 1024 px, where two slides show', () => {
    expect([0, 7, 8].map((i) => nextSlide(i, 10, true))).toEqual([1, 8, 0]);
    expect(previousSlide(0, 10, true)).toBe(8);
  });
});

describe('hero slider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 5 seconds and wraps after the tenth slide on a phone', () => {
    setViewportWidth(360);
    renderApp(<HeroSlider videos={videos} isLoading={false} />);
    expect(track()).toBe(0);
    advance(4999);
    expect(track()).toBe(0);
    advance(1);
    expect(track()).toBe(1);
    advance(5000 * 8);
    expect(track()).toBe(9);
    advance(5000);
    expect(track()).toBe(0);
  });

  it('wraps after the ninth slide on a wide screen', () => {
    setViewportWidth(1280);
    renderApp(<HeroSlider videos={videos} isLoading={false} />);
    advance(5000 * 8);
    expect(track()).toBe(8);
    advance(5000);
    expect(track()).toBe(0);
  });

  it('stops while paused and goes on when played again', () => {
    setViewportWidth(360);
    renderApp(<HeroSlider videos={videos} isLoading={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(20_000);
    expect(track()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(5000);
    expect(track()).toBe(1);
  });

  it('follows a swipe either way', () => {
    setViewportWidth(360);
    renderApp(<HeroSlider videos={videos} isLoading={false} />);
    const carousel = screen.getByRole('region', { name: 'Newest videos' });
    fireEvent.pointerDown(carousel, { clientX: 300 });
    fireEvent.pointerUp(carousel, { clientX: 200 });
    expect(track()).toBe(1);
    fireEvent.pointerDown(carousel, { clientX: 100 });
    fireEvent.pointerUp(carousel, { clientX: 220 });
    expect(track()).toBe(0);
  });
});
