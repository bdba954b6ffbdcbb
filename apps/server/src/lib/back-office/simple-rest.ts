import type { FastifyReply } from 'fastify';
import type { AdminListQuery } from '@store/contract';

/** Offset, page size, sort and filter from react-admin's `range`, `sort` and `filter`. */
export function listWindow(q: AdminListQuery) {
  const [first, last] = q.range ?? [0, 24];
  return { offset: first, limit: last - first + 1, sort: q.sort ?? null, filter: q.filter ?? {} };
}

/** A list as the simple REST data provider reads it: the rows, and the total in Content-Range. */
export function sendList<T>(reply: FastifyReply, resource: string, rows: T[], offset: number, total: number) {
  const last = rows.length ? offset + rows.length - 1 : offset;
  return reply.header('content-range', `${resource} ${offset}-${last}/${total}`).header('cache-control', 'private, no-store').send(rows);
}
