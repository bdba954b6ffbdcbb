import { screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorState } from '../../components/states.tsx';
import { renderApp } from '../../test/render.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

const NEEDS_CONNECTION = 'You are offline, and this needs a connection. Try again once you are back online.';

describe('a screen that cannot be shown', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says that it needs a connection when its code never reached the phone, with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Unseen = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://store.test/assets/about-x.js')));
    renderApp(
      <ScreenErrorBoundary resetKey="/about">
        <Suspense>
          <Unseen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so for a failed load while the phone has no network, and the seed\'s message otherwise', () => {
    const { unmount } = renderApp(<ErrorState onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error! loading results.');
    unmount();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp(<ErrorState onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
  });
});
