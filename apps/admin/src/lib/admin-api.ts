import { httpClient } from '../providers/data-provider.ts';

/** A back-office call outside the data provider (actions, uploads of pictures): the parsed answer. */
export async function adminCall<T>(path: string, init: { method: string; body?: BodyInit; contentType?: string }): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (init.contentType) headers.set('Content-Type', init.contentType);
  const { json } = await httpClient(`/api/admin${path}`, { method: init.method, body: init.body, headers });
  return json as T;
}

/** The server's words for a failed call, for a notification. */
export const failureMessage = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
