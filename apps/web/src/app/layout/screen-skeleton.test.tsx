import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ScreenSkeleton } from './screen-skeleton.tsx';

describe("the watch page's place while its code arrives", () => {
  const skeletonAt = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <ScreenSkeleton />
      </MemoryRouter>,
    );

  it('is the player with a spinner on /watch and /play, not a catalogue grid', () => {
    for (const path of ['/watch/31', '/play/31']) {
      const { container, unmount } = skeletonAt(path);
      expect(screen.getByRole('status')).toHaveTextContent('Loading');
      expect(container.querySelector('.player-wait-spinner')).not.toBeNull();
      expect(container.querySelector('.screen-skeleton-grid')).toBeNull();
      unmount();
    }
  });

  it('is still the grid on a catalogue page', () => {
    const { container } = skeletonAt('/new');
    expect(container.querySelector('.screen-skeleton-grid')).not.toBeNull();
  });
});
