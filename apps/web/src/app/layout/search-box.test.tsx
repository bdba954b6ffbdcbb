import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../test/render.tsx';
import { SUGGEST_DEBOUNCE_MS, SearchBox } from './search-box.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const ui = (
  <>
    <SearchBox />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </>
);

const suggestions = {
  results: [
    { vidId: 3, title: 'Empire of Swords', season: 'Season 1', dj: 'Zamu', poster: '/media/posters/a-160.webp' },
    { vidId: 4, title: 'Empire of Swords', season: 'Season 2', dj: 'Zamu', poster: null },
  ],
  did_you_mean: null,
};

describe('header search box', () => {
  let fetchMock: ReturnType<typeof mockApi>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock = mockApi((url) => (url.pathname === '/api/search/suggestions/' ? suggestions : {}));
  });
  afterEach(() => vi.useRealTimers());

  const box = () => screen.getByRole('combobox', { name: 'Search videos by title' });
  const type = async (...steps: string[]) => {
    for (const value of steps) fireEvent.change(box(), { target: { value } });
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
  };
  const asked = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://store.test')).filter((u) => u.pathname === '/api/search/suggestions/').map((u) => u.searchParams.get('q'));

  it('fetches nothing for fewer than 2 characters', async () => {
    renderApp(ui);
    box().focus();
    await type('e', ' e ');
    expect(asked()).toEqual([]);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks once per pause in typing, and lists titles with posters, season and DJ', async () => {
    renderApp(ui);
    box().focus();
    await type('e', 'em', 'emp', 'empr', 'empre');
    expect(asked()).toEqual(['empre']);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Empire of Swords · Season 1DJ Zamu', 'Empire of Swords · Season 2DJ Zamu']);
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/media/posters/a-160.webp');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toHaveAttribute('id', box().getAttribute('aria-controls'));
    expect(screen.getByRole('status')).toHaveTextContent('2 suggestions: up and down arrows to choose, Enter to open.');
  });

  it('says so when what is typed has no suggestions, instead of leaving the last list announced', async () => {
    fetchMock = mockApi((url) => (url.pathname !== '/api/search/suggestions/' ? {} : url.searchParams.get('q') === 'empre' ? suggestions : { results: [], did_you_mean: null }));
    renderApp(ui);
    box().focus();
    await type('empre');
    await screen.findAllByRole('option');
    await type('zzzq');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No suggestions: press Enter to search.'));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through the suggestions with the arrows and opens one with Enter', async () => {
    renderApp(ui);
    box().focus();
    await type('empre');
    await screen.findAllByRole('option');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    fireEvent.keyDown(box(), { key: 'ArrowDown' }); // back to the text
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/video/4');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the list with Escape and searches the text with Enter', async () => {
    renderApp(ui);
    box().focus();
    await type('empre');
    await screen.findAllByRole('option');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    fireEvent.submit(box().closest('form')!);
    expect(screen.getByTestId('where')).toHaveTextContent('/search/empre');
  });

  it('opens a suggestion with a click', async () => {
    renderApp(ui);
    box().focus();
    await type('empre');
    fireEvent.click((await screen.findAllByRole('option'))[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent('/video/3');
  });
});
