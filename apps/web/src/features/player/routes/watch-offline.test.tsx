import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import WatchScreen from './watch.tsx';

/** /watch/{id} for a signed-in customer whose phone has no network: the store never answers. */
function showOffline() {
  localStorage.setItem('authorized', 'true');
  localStorage.setItem('account_id', '7');
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  mockApi(() => new Promise(() => undefined));
  renderApp(
    <Routes>
      <Route path="/watch/:id" element={<WatchScreen storePage={<p>Store page</p>} />} />
    </Routes>,
    '/watch/31',
  );
}

describe('the watch page with no network', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says an owned video never saved on this phone plays once back online, and leads to the saved ones, instead of an endless skeleton', async () => {
    showOffline();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline, and this video is not saved on this phone. It plays once you are back online.');
    expect(screen.getByRole('link', { name: 'Saved videos' })).toHaveAttribute('href', '/saved');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('says it in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    showOffline();
    expect(await screen.findByRole('alert')).toHaveTextContent('Uko nje ya mtandao, na video hii haijahifadhiwa kwenye simu hii.');
    expect(screen.getByRole('link', { name: 'Video zilizohifadhiwa' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
