/** A check or a query that did not answer in time (a hung pool, a gateway that swallows requests). */
export class TimedOut extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * The work's answer, or TimedOut after `ms`: a probe never waits on a hung dependency. The work
 * itself carries on (nothing here can cancel a query); its late answer or failure is ignored.
 */
export async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(work), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a failure may say on a public probe: its time bound or its error code, never a message with hosts or queries. */
export function failureWords(err: unknown): string {
  if (err instanceof TimedOut) return err.message;
  const code = (err as { code?: unknown; name?: unknown } | null)?.code ?? (err as { name?: unknown } | null)?.name;
  return typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code) ? `error ${code}` : 'error';
}
