import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from './router.tsx';
import { loadCommonMessages, setLanguage } from '../lib/i18n.ts';
import { loadCatalogMessages } from '../features/catalog/messages.ts';
import { makeVideo, page } from '../test/fixtures.ts';
import { emptyPage, mockApi, renderApp } from '../test/render.tsx';

// What staff write in both languages (issue 32 item 24): the Kiswahili synopsis where they wrote one.
const translated = makeVideo(7, { synopsis: 'A night on the coast.', synopsis_sw: 'Usiku mmoja pwani.' });
const similar = makeVideo(8, { synopsis: 'Two cousins and a matatu.', synopsis_sw: 'Binamu wawili na matatu.' });
const untranslated = makeVideo(9, { synopsis: 'Dawn over the Mara.', synopsis_sw: null });

async function inKiswahili() {
  await Promise.all([loadCommonMessages(), loadCatalogMessages()]);
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
