import { fetchUtils, HttpError } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { currentLocale } from './i18n.ts';
import { session } from './session.ts';
import { w } from './words.ts';

/**
 * Every call with the staff member's token (an expired one is renewed once from the cookie, one
 * renewal for all calls at once) and the back office's language, so the server's errors come in it.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const send = (token: string | null) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept-Language', currentLocale());
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  try {
    return await session.withToken(send);
  } catch (err) {
    throw inOurWords(err);
  }
}

/**
 * The server's errors (CONTRACT §3) as react-admin shows them: `{detail}` as the notification,
 * `{field: [messages]}` under the form's fields.
 */
function inOurWords(err: unknown): unknown {
  if (!(err instanceof HttpError)) return err;
  const body = err.body as Record<string, unknown> | null;
  if (body && typeof body.detail === 'string') return new HttpError(body.detail, err.status, body);
  if (err.status === 400 && body) {
    const errors = Object.fromEntries(Object.entries(body).map(([field, messages]) => [field, Array.isArray(messages) ? String(messages[0]) : String(messages)]));
    return new HttpError(w('form.fix_fields'), 400, { errors });
  }
  return err;
}

export const dataProvider = simpleRestProvider('/api/admin', httpClient);
