import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/setup.ts';
import { AppLayout } from './app-layout.tsx';

// jsdom has <dialog> without its modal methods: what the menu uses of them, as browsers do it.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

const layout = (
  <Routes>
    <Route element={<AppLayout />}>
      <Route path="*" element={<p>screen</p>} />
    </Route>
  </Routes>
);

describe('layout', () => {
  beforeEach(() => {
    mockApi(() => emptyPage);
  });

  it('on a phone, opens the drawer from the menu and closes it when a link is chosen', async () => {
    setViewportWidth(360);
    renderApp(layout, '/new');
    expect(screen.queryByTestId('drawer')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('drawer');
    await waitFor(() => expect(drawer).toHaveAttribute('open'));
    const links = [...drawer.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual(['Home', 'TV show', 'Movie', 'Animation', 'DJ/s', 'Genre', 'New videos', 'Passes', 'Contact', 'About US', 'Cart', 'Account', 'Saved videos', 'Notification', 'Guide', 'Deposit']);
    fireEvent.click(screen.getByRole('link', { name: 'Genre' }));
    await waitFor(() => expect(drawer).not.toHaveAttribute('open'));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone, closes the drawer on a click outside it', async () => {
    setViewportWidth(360);
    renderApp(layout, '/new');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('drawer');
    await waitFor(() => expect(drawer).toHaveAttribute('open'));
    // A tap on the backdrop lands on the dialog element itself.
    fireEvent.click(drawer);
    await waitFor(() => expect(drawer).not.toHaveAttribute('open'));
  });

  it('on a wide screen, shows the sidebar by default and toggles it from the menu', async () => {
    setViewportWidth(1280);
    renderApp(layout, '/new');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
  });

  it('shows Login when signed out, and the short name when signed in', () => {
    renderApp(layout, '/new');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/account/authenticate');
  });

  it('shows a signed-in name lowercased and cut to four characters', () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('user', JSON.stringify('Wanjiku'));
    renderApp(layout, '/new');
    expect(screen.getByTestId('account-name')).toHaveTextContent('wanj...');
    expect(screen.getByRole('link', { name: 'wanj... , account of Wanjiku' })).toHaveAttribute('href', '/account');
  });

  it('shows a signed-in customer the bell with their unread count and asks the family lock; a visitor neither', async () => {
    const asked: string[] = [];
    mockApi((url) => {
      asked.push(url.pathname);
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/notifications/mine/') return { ...emptyPage, unread: 2, hidden: 0 };
      if (url.pathname === '/api/family-lock/') return { enabled: false };
      return emptyPage;
    });
    const visitor = renderApp(layout, '/new');
    await screen.findByRole('link', { name: 'Login' });
    expect(screen.queryByTestId('bell')).not.toBeInTheDocument();
    visitor.unmount();
    expect(asked.filter((p) => p.includes('notifications') || p.includes('family-lock'))).toEqual([]);

    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
    localStorage.setItem('user', JSON.stringify('Wanjiku'));
    renderApp(layout, '/new');
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute('href', '/notifications');
    await waitFor(() => expect(asked).toContain('/api/family-lock/'));
  });

  it('takes a tapped push’s notification id out of the address, for a visitor too', async () => {
    const Where = () => <p data-testid="where">{useLocation().search}</p>;
    renderApp(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>,
      '/new?notification=7',
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^$/));
  });

  it('keeps the header solid away from home and clear over the home hero until scrolled', async () => {
    renderApp(layout, '/new');
    expect(document.querySelector('header')).toHaveAttribute('data-solid', 'true');
  });

  it('keeps the header clear over the home hero until the page scrolls', async () => {
    renderApp(layout, '/');
    const header = document.querySelector('header')!;
    expect(header).toHaveAttribute('data-solid', 'false');
    Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
    fireEvent.scroll(window);
    await waitFor(() => expect(header).toHaveAttribute('data-solid', 'true'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('shows the copyright footer', () => {
    renderApp(layout, '/new');
    expect(screen.getByText('Copyright © 2025 / All rights reserved')).toBeInTheDocument();
  });
});
