import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeVideo, page } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import SearchScreen from './search.tsx';

const at = (path: string) =>
  renderApp(
    <Routes>
      <Route path="/search/:searchTerm" element={<SearchScreen />} />
    </Routes>,
    path,
  );

describe('search results', () => {
  it('lists what the server found, best first', async () => {
    mockApi((url) => (url.searchParams.get('title') === 'empre' ? page([makeVideo(3, { title: 'Empire of Swords' })]) : page([])));
    at('/search/empre');
    expect(await screen.findByText('Empire of Swords')).toBeInTheDocument();
    expect(screen.getByText('1 video')).toBeInTheDocument();
    expect(screen.queryByText('Popular videos')).not.toBeInTheDocument();
  });

  it('on no result, says so in the seed words, offers "Did you mean" and popular videos', async () => {
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/search/suggestions/') return { results: [], did_you_mean: 'nairobi heist' };
      if (url.searchParams.get('popular') === 'true') return page([makeVideo(7, { title: 'Boda Boda Kings' })]);
      return page([]);
    });
    at('/search/nairobi%20hxyst');
    expect(await screen.findByText('No video by name nairobi hxyst found.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'nairobi heist' })).toHaveAttribute('href', '/search/nairobi%20heist');
    expect(screen.getByText(/Did you mean/)).toHaveTextContent('Did you mean nairobi heist?');
    expect(screen.getByRole('heading', { name: 'Popular videos' })).toBeInTheDocument();
    expect(await screen.findByText('Boda Boda Kings')).toBeInTheDocument();
    const suggestCall = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/search/suggestions/'));
    expect(suggestCall).toBe('/api/search/suggestions/?q=nairobi+hxyst');
  });
});
