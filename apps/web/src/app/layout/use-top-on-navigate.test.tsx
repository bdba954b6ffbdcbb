import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTopOnNavigate } from './use-top-on-navigate.ts';

let go: ReturnType<typeof useNavigate>;
function Page() {
  useTopOnNavigate();
  go = useNavigate();
  return null;
}

describe('a new page opens at its top', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('does not move the page it first opens on', () => {
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top when a link opens another page, and when a redirect replaces it', () => {
    act(() => void go('/receipt/7'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => void go('/purchase/done', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('scrolls to the top for the next page of a list, but not while a search is typed in place', () => {
    act(() => void go('/new?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => void go('/new?page=2&q=a', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('leaves Back and Forward, and a link to an anchor, to the browser', () => {
    act(() => void go('/receipt/7'));
    scrollTo.mockClear();
    act(() => void go(-1));
    act(() => void go(1));
    act(() => void go('/about#team'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
