// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, DefaultTitleContextProvider, NotFound } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { AppTitle } from './app-title.tsx';
import { i18nProvider } from './i18n-provider.ts';

afterEach(cleanup);

/** react-admin's not-found page, with the title the app gives <Admin>. */
const notFound = () =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <DefaultTitleContextProvider value={<AppTitle />}>
        {/* Where the app bar shows page titles. */}
        <div id="react-admin-title" />
        <NotFound />
      </DefaultTitleContextProvider>
    </AdminContext>,
  );

describe('the back office’s title', () => {
  it('shows its name, not the raw key, on a not-found page', async () => {
    notFound();
    expect(await screen.findByText('Video Store Kenya · Back office')).toBeTruthy();
    expect(document.body.textContent).not.toContain('store.app.title');
  });

  it('shows its name in Kiswahili when the back office speaks it', async () => {
    await i18nProvider.changeLocale('sw');
    try {
      notFound();
      expect(await screen.findByText('Video Store Kenya · Ofisi ya nyuma')).toBeTruthy();
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });
});
