import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from './router.tsx';
import { loadCommonMessages, setLanguage } from '../lib/i18n.ts';
import { loadCatalogMessages } from '../features/catalog/messages.ts';
import { loadContentMessages } from '../features/content/messages.ts';
import { makeVideo, page } from '../test/fixtures.ts';
import { emptyPage, mockApi, renderApp } from '../test/render.tsx';

// What staff write in both languages (issue 32 item 24): the Kiswahili where they wrote it, the English otherwise.
const translated = makeVideo(7, { synopsis: 'A night on the coast.', synopsis_sw: 'Usiku mmoja pwani.' });
const similar = makeVideo(8, { synopsis: 'Two cousins and a matatu.', synopsis_sw: 'Binamu wawili na matatu.' });
const untranslated = makeVideo(9, { synopsis: 'Dawn over the Mara.', synopsis_sw: null });

async function inKiswahili() {
  await Promise.all([loadCommonMessages(), loadCatalogMessages(), loadContentMessages()]);
  await act(() => setLanguage('sw'));
}

function serve() {
  mockApi((url) => {
    const one = /\/videoDetails\/(\d+)\/$/.exec(url.pathname)?.[1];
    if (one) return [translated, similar, untranslated].find((v) => v.vidId === Number(one))!;
    return url.pathname === '/api/videoDetails/' ? page([translated, similar, untranslated]) : emptyPage;
  });
}

describe('a video’s synopsis in the language chosen', () => {
  afterEach(() => setLanguage('en'));

  it('shows a Kiswahili reader the Kiswahili synopsis, on the page and in the similar list', async () => {
    await inKiswahili();
    serve();
    renderApp(<AppRoutes />, '/video/7');
    await waitFor(() => expect(screen.getByText('Usiku mmoja pwani.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Binamu wawili na matatu.')).toBeInTheDocument());
    expect(screen.queryByText('A night on the coast.')).toBeNull();
  });

  it('shows an English reader the English synopsis', async () => {
    serve();
    renderApp(<AppRoutes />, '/video/7');
    await waitFor(() => expect(screen.getByText('A night on the coast.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Two cousins and a matatu.')).toBeInTheDocument());
    expect(screen.queryByText('Usiku mmoja pwani.')).toBeNull();
  });

  it('falls back to the English synopsis for a Kiswahili reader when staff wrote none', async () => {
    await inKiswahili();
    serve();
    renderApp(<AppRoutes />, '/video/9');
    await waitFor(() => expect(screen.getByText('Dawn over the Mara.')).toBeInTheDocument());
  });
});

describe('what staff write elsewhere in the language chosen', () => {
  afterEach(() => setLanguage('en'));

  const notices = page([
    { noty_id: 1, date_notified: '2026-11-20T06:15:00Z', message: 'New DJ Afro mixtape this Friday', message_sw: 'Mixtape mpya ya DJ Afro Ijumaa hii' },
    { noty_id: 2, date_notified: '2026-11-19T06:15:00Z', message: 'Open on Jamhuri Day', message_sw: null },
  ]);
  const ceo = page([{ id: 1, profile_image: null, full_name: 'Amina Njeri', title: 'Founder & CEO', message: 'Welcome to the store.', title_sw: 'Mwanzilishi na CEO', message_sw: 'Karibu dukani.' }]);
  const team = page([{ id: 2, profile_image: null, full_name: 'Baraka Otieno', title: 'Head of Support', message: '', title_sw: null, message_sw: null }]);
  const serveContent = () =>
    mockApi((url) => (url.pathname === '/api/notification/' ? notices : url.pathname === '/api/ceo/' ? ceo : url.pathname === '/api/about_team/' ? team : emptyPage));

  it('shows a Kiswahili reader the Kiswahili notices, and the English one where staff wrote none', async () => {
    await inKiswahili();
    serveContent();
    renderApp(<AppRoutes />, '/notifications');
    await waitFor(() => expect(screen.getByText('Mixtape mpya ya DJ Afro Ijumaa hii')).toBeInTheDocument());
    expect(screen.getByText('Open on Jamhuri Day')).toBeInTheDocument();
    expect(screen.queryByText('New DJ Afro mixtape this Friday')).toBeNull();
  });

  it('shows an English reader the English notices', async () => {
    serveContent();
    renderApp(<AppRoutes />, '/notifications');
    await waitFor(() => expect(screen.getByText('New DJ Afro mixtape this Friday')).toBeInTheDocument());
    expect(screen.queryByText('Mixtape mpya ya DJ Afro Ijumaa hii')).toBeNull();
  });

  it('shows /about in Kiswahili where staff wrote it, in English otherwise', async () => {
    await inKiswahili();
    serveContent();
    renderApp(<AppRoutes />, '/about');
    await waitFor(() => expect(screen.getByText('Mwanzilishi na CEO')).toBeInTheDocument());
    expect(screen.getByText('Karibu dukani.')).toBeInTheDocument();
    expect(screen.getByText('Head of Support')).toBeInTheDocument();
    expect(screen.queryByText('Founder & CEO')).toBeNull();
  });

  it('shows /about in English to an English reader', async () => {
    serveContent();
    renderApp(<AppRoutes />, '/about');
    await waitFor(() => expect(screen.getByText('Founder & CEO')).toBeInTheDocument());
    expect(screen.getByText('Welcome to the store.')).toBeInTheDocument();
    expect(screen.queryByText('Karibu dukani.')).toBeNull();
  });
});
