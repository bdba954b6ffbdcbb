import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrors } from '@store/contract';
import { isDataException } from '../lib/db-errors.ts';
import { FieldError, HttpError } from '../lib/http-errors.ts';
import { outageLogThrottle, outageOf, outageSummary, RETRY_AFTER_SECONDS } from '../lib/outage.ts';
import { languageOf, say, words, type Words } from '../lib/words.ts';

const NON_FIELD = 'non_field_errors';

function fieldErrorsFrom(issues: { instancePath: string; message?: string | undefined }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || NON_FIELD;
    (out[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return out;
}

/** Field errors in the reader's language. */
function fieldErrorsIn(fields: FieldErrors, request: FastifyRequest): FieldErrors {
  const language = languageOf(request.headers);
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map((m) => say(m, language))]));
}

/** Fastify's own client errors, worded for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in the request body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/** What a customer reads while the database, Redis, the bucket or the disk is away. */
const UNAVAILABLE = words('The store is briefly unavailable. Please try again in a moment.');

/**
 * The one error handler: CONTRACT §3's shapes, honest statuses, nothing internal leaked.
 * Everything under 500 is the caller's mistake and says so. A dependency that is away (lib/outage.ts:
 * the database, Redis, the bucket, a full disk, a timeout) is a 503 with Retry-After, logged a few
 * times per outage without its query; other 500s are logged and answered plainly.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const shouldLog = outageLogThrottle();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldError) return reply.status(400).send(fieldErrorsIn(error.fields, request));
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fieldErrorsIn(fieldErrorsFrom(error.validation), request));
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: say(error.words ?? error.message, languageOf(request.headers)), ...error.extra });
    }
    if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
      return reply.status(400).send({ detail: FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY });
    }
    const status = error.statusCode ?? 500;
    const outage = status >= 500 ? outageOf(error) : null;
    if (outage) {
      const { log, unlogged } = shouldLog(outage);
      if (log) request.log.warn({ ...outageSummary(error, outage), ...(unlogged ? { unlogged } : {}) }, 'a dependency is unavailable: answered 503');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS[outage]))
        .send({ detail: say(UNAVAILABLE, languageOf(request.headers)) });
    }
    if (status >= 400 && status < 500) {
      // @fastify/rate-limit throws the body built in app.ts, with its Retry-After header already set.
      if (status === 429) return reply.status(429).send({ detail: say((error as { detail?: Words }).detail ?? 'Too many requests.', languageOf(request.headers)) });
      const detail = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send({ detail });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'a value reached the database that validation should have refused');
      return reply.status(400).send({ detail: 'A value in the request is out of range or not allowed.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
}

/**
 * The router's own refusals (Fastify's `frameworkErrors`), which skip the error handler: a path
 * segment too long for the router (414) or not validly percent-encoded. In `{detail}` like every
 * other error, and without echoing the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOf(request.headers);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ detail: say('The address is too long.', language) });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ detail: say('The address is not valid.', language) });
  return reply.status(500).send({ detail: say('Something went wrong on our side. Please try again.', language) });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a timeout, bytes
 * that are not HTTP): answered in `{detail}` too, then the connection closes, as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'The request is not valid HTTP.'];
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
