import { notFound } from './http-errors.ts';

/** Ids in URLs: digits only and within int4, anything else is simply not found. */
export function parseId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647 || Number(raw) < 1) throw notFound();
  return Number(raw);
}
