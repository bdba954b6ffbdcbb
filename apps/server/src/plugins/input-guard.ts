import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '@store/contract';
import { FieldError } from '../lib/http-errors.ts';

const NUL = '\u0000';
const MESSAGE = 'Null characters are not allowed.';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes(NUL) || hasNul(v, depth + 1));
}

/**
 * No text with a NUL byte gets past validation, wherever it comes: a path segment (`/deposit/%00/`),
 * a query, a JSON body. PostgreSQL cannot store one in text, so it would fail as a 500; Django REST
 * framework refuses it with the same words. Checked once here, for every route, instead of in each schema.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields: FieldErrors = {};
    for (const part of [request.params, request.query, request.body]) {
      if (typeof part === 'string') {
        if (part.includes(NUL)) (fields.non_field_errors ??= []).push(MESSAGE);
        continue;
      }
      if (part === null || typeof part !== 'object' || Buffer.isBuffer(part)) continue;
      for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
        if (key.includes(NUL) || hasNul(value)) (fields[key.replaceAll(NUL, '') || 'non_field_errors'] ??= []).push(MESSAGE);
      }
    }
    if (Object.keys(fields).length > 0) throw new FieldError(fields);
  });
}
