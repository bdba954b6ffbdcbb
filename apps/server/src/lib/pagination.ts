import type { Page } from '@store/contract';
import { HttpError } from './http-errors.ts';

export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
}

const invalidPage = () => new HttpError(404, 'Invalid page.');

/** Reads `page` as Django REST framework does: anything but a positive whole number is "Invalid page.". */
export function pageWindow(page: string | undefined, pageSize: number | undefined, defaultSize: number): PageWindow {
  const size = pageSize ?? defaultSize;
  if (page === undefined || page === '' || page === 'last') return { page: 1, pageSize: size, offset: 0 };
  if (!/^\d{1,9}$/.test(page) || Number(page) < 1) throw invalidPage();
  const n = Number(page);
  return { page: n, pageSize: size, offset: (n - 1) * size };
}

/**
 * Wraps one page of results in the list envelope, with next/previous links that keep the caller's
 * other query parameters. A page past the end (other than an empty first page) is a 404.
 */
export function toPage<T>(url: string, window: PageWindow, count: number, results: T[]): Page<T> {
  if (window.page > 1 && window.offset >= count) throw invalidPage();
  const link = (page: number) => {
    const u = new URL(url, 'http://x');
    if (page === 1) u.searchParams.delete('page');
    else u.searchParams.set('page', String(page));
    return u.pathname + u.search;
  };
  return {
    count,
    next: window.offset + results.length < count ? link(window.page + 1) : null,
    previous: window.page > 1 ? link(window.page - 1) : null,
    results,
  };
}
