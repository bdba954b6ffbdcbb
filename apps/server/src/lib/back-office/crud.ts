import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminListQuerySchema, badRequestSchema, errorDetailSchema, type AdminListQuery } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { isStillReferenced, isUniqueViolation } from '../db-errors.ts';
import { FieldError, HttpError } from '../http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { parseId } from '../ids.ts';
import { recordAudit } from './audit.ts';
import { listWindow, sendList } from './simple-rest.ts';

export type ListWindow = ReturnType<typeof listWindow>;

/**
 * The fields a request really sent, before validation: the input schema's defaults and transforms
 * fill the fields left out (synopsis '', suggest false, season null), and a partial PUT must leave
 * those as they are, not reset them.
 */
const sentFields = new WeakMap<object, Set<string>>();
const rememberSentFields = async (request: { body: unknown; raw: object }) => {
  const body = request.body;
  sentFields.set(request.raw, new Set(body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []));
};
const onlySent = <T extends Record<string, unknown>>(raw: object, parsed: T): Partial<T> => {
  const sent = sentFields.get(raw) ?? new Set<string>();
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.has(k))) as Partial<T>;
};

/** One back-office resource: its shapes and its repository; crudRoutes gives it the five calls. */
export interface Resource<Rec extends { id: number }, Input extends Record<string, unknown>> {
  /** The URL segment, and the name in the audit log. */
  name: string;
  label: string;
  record: z.ZodType<Rec>;
  input: z.ZodObject<{ [K in keyof Input]: z.ZodType<Input[K]> }>;
  list(db: Database, w: ListWindow): Promise<{ rows: Rec[]; total: number }>;
  get(db: Database, id: number): Promise<Rec | null>;
  create(tx: Database, input: Input): Promise<Rec>;
  /** actorId: the staff member making the change (some changes are refused to oneself). */
  update(tx: Database, id: number, input: Partial<Input>, actorId: number): Promise<Rec | null>;
  remove(tx: Database, id: number): Promise<boolean>;
  /** A unique index and the field whose error it becomes (a name already taken). */
  unique?: { index: string; field: keyof Input & string; message: string };
  /** Why a record others still point at cannot be deleted. */
  inUse: string;
  /** Whether changes show in the public catalogue (its response cache is cleared). */
  catalogue: boolean;
  /** Records that only arrive from elsewhere (contact messages) cannot be created here. */
  noCreate?: boolean;
  /** Records that must never go (customers) have no DELETE. */
  noDelete?: boolean;
  /** Cleans up what lives outside the database (files) once a delete is committed. */
  removed?(id: number): Promise<void>;
}

/**
 * GET list (sort, range, filter; Content-Range), GET one, POST, PUT and DELETE for a resource, as
 * react-admin's simple REST data provider calls them. Every write and its audit row share a transaction.
 */
/** What a back-office write may have changed: media access always, the public catalogue when `catalogue`. */
export type AfterWrite = (o: { catalogue: boolean }) => void;

export function crudRoutes<Rec extends { id: number }, Input extends Record<string, unknown>>(r: Resource<Rec, Input>, afterWrite: AfterWrite): FastifyPluginAsyncZod {
  return async (zodApp) => {
    // Generic records defeat the type provider's inference; the zod schemas still validate and
    // serialise at run time, and the handlers below name their types themselves.
    const app = zodApp as unknown as FastifyInstance;
    const tags = ['back office'];
    const params = z.object({ id: z.string() });
    const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema };
    const notFound = () => new HttpError(404, `No such ${r.label}.`);
    // Any back-office write may take media access away (a user deactivated, a video removed): this
    // process forgets its remembered answers at once, others when PostgreSQL tells them.
    const changed = () => afterWrite({ catalogue: Boolean(r.catalogue) });

    async function write<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      try {
        return await app.db.transaction((t) => work(t as unknown as Database));
      } catch (err) {
        if (r.unique && isUniqueViolation(err, r.unique.index)) throw new FieldError({ [r.unique.field]: [r.unique.message] });
        if (isStillReferenced(err)) throw new HttpError(409, r.inUse);
        throw err;
      }
    }

    app.get(`/${r.name}`, { schema: { tags, summary: `List ${r.label}s`, querystring: adminListQuerySchema, response: { 200: z.array(r.record), ...errors } } }, async (request, reply) => {
      const w = listWindow(request.query as AdminListQuery);
      const { rows, total } = await r.list(app.db, w);
      return sendList(reply, r.name, rows, w.offset, total);
    });

    app.get(`/${r.name}/:id`, { schema: { tags, summary: `One ${r.label}`, params, response: { 200: r.record, ...errors } } }, async (request, reply) => {
      const rec = await r.get(app.db, parseId((request.params as { id: string }).id));
      if (!rec) throw notFound();
      return reply.send(rec);
    });

    if (!r.noCreate) app.post(`/${r.name}`, { schema: { tags, summary: `Create a ${r.label}`, body: r.input, response: { 201: r.record, ...errors } } }, async (request, reply) => {
      const userId = currentUser(request).id;
      const created = await write(async (tx) => {
        const rec = await r.create(tx, request.body as Input);
        await recordAudit(tx, { userId, action: 'create', resource: r.name, recordId: rec.id, after: rec });
        return rec;
      });
      changed();
      return reply.status(201).send(created);
    });

    const putSchema = { tags, summary: `Change a ${r.label} (only the fields sent change)`, params, body: r.input.partial(), response: { 200: r.record, ...errors } };
    app.put(`/${r.name}/:id`, { schema: putSchema, preValidation: rememberSentFields }, async (request, reply) => {
      const userId = currentUser(request).id;
      const id = parseId((request.params as { id: string }).id);
      // react-admin sends the whole record back; only the resource's own fields are taken from it,
      // and only those the request carried.
      const changes = onlySent(request.raw, request.body as Partial<Input>);
      const updated = await write(async (tx) => {
        const before = await r.get(tx, id);
        if (!before) throw notFound();
        const after = (await r.update(tx, id, changes, userId))!;
        await recordAudit(tx, { userId, action: 'update', resource: r.name, recordId: id, before, after });
        return after;
      });
      changed();
      return reply.send(updated);
    });

    if (!r.noDelete) app.delete(`/${r.name}/:id`, { schema: { tags, summary: `Delete a ${r.label}`, params, response: { 200: r.record, ...errors } } }, async (request, reply) => {
      const userId = currentUser(request).id;
      const id = parseId((request.params as { id: string }).id);
      const removed = await write(async (tx) => {
        const before = await r.get(tx, id);
        if (!before || !(await r.remove(tx, id))) throw notFound();
        await recordAudit(tx, { userId, action: 'delete', resource: r.name, recordId: id, before });
        return before;
      });
      await r.removed?.(id);
      changed();
      return reply.send(removed);
    });
  };
}
