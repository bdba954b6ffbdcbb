import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { renderApp } from '../test/render.tsx';
import { loadPwaMessages } from './messages.ts';
import { OfflineNotice, UpdatePrompt } from './pwa-status.tsx';

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

afterEach(() => vi.restoreAllMocks());

describe('offline notice', () => {
  it('says the customer is offline while the browser has no network, and goes when it is back', () => {
    renderApp(<OfflineNotice />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline: showing what you have already seen');
    setOnline(true);
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it('shows at once when the page opens with no network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp(<OfflineNotice />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
  });
});

describe('in Kiswahili', () => {
  afterEach(() => setLanguage('en'));

  it('says so in the chosen language', async () => {
    await loadPwaMessages();
    await act(() => setLanguage('sw'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let needRefresh = () => {};
    renderApp(
      <>
        <OfflineNotice />
        <UpdatePrompt register={(onNeedRefresh) => ((needRefresh = onNeedRefresh), async () => undefined)} />
      </>,
    );
    act(() => needRefresh());
    expect(screen.getByRole('status')).toHaveTextContent('Uko nje ya mtandao: unaona ulichokwisha kuona');
    expect(screen.getByRole('alert')).toHaveTextContent('Toleo jipya liko tayari');
    expect(screen.getByRole('button', { name: 'Pakia upya' })).toBeInTheDocument();
  });
});

describe('update prompt', () => {
  it('offers the new version once it is installed and reloads into it when asked', async () => {
    let needRefresh = () => {};
    const update = vi.fn(async () => undefined);
    const register = vi.fn((onNeedRefresh: () => void) => {
      needRefresh = onNeedRefresh;
      return update;
    });
    renderApp(<UpdatePrompt register={register} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => needRefresh());
    expect(screen.getByRole('alert')).toHaveTextContent('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(update).toHaveBeenCalledOnce();
  });

  it('goes away when the customer says not now, without reloading', async () => {
    let needRefresh = () => {};
    const update = vi.fn(async () => undefined);
    renderApp(<UpdatePrompt register={(onNeedRefresh) => ((needRefresh = onNeedRefresh), update)} />);
    act(() => needRefresh());
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });
});
