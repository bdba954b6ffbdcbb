import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../lib/outage.ts';
import { languageOf, say, words } from '../lib/words.ts';

/** The sentence of every outage answer (plugins/error-handler.ts): to a customer a stuck request is one. */
const UNAVAILABLE = words('The store is briefly unavailable. Please try again in a moment.');

/**
 * Long by nature, so never cut: the tus uploads of the back office (a video takes minutes) and the
 * media under /media/ (a download or a stream lasts as long as the customer watches).
 */
export const isLongByNature = (url: string) => /^\/api\/admin\/uploads(\/|\?|$)/.test(url) || url.startsWith('/media/');

/**
 * A request still unanswered after `timeoutMs` is answered 503 with Retry-After, so that nothing
 * stuck behind a dependency that stopped answering (a lock held, a socket that went quiet) hangs the
 * customer: they are told to try again, and an Idempotency-Key replay then tells what happened.
 * Node's own requestTimeout only bounds receiving the request, not answering it. The work itself
 * is not stopped: the statement timeout ends a stuck query, and a sale is one transaction, all or
 * nothing. 0 turns it off.
 */
export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  if (timeoutMs <= 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (isLongByNature(request.url)) return done();
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn({ route: request.routeOptions.url, timeoutMs }, 'a request took too long: answered 503');
      void reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS.database))
        .send({ detail: say(UNAVAILABLE, languageOf(request.headers)) });
    }, timeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
