import fs from 'node:fs';
import path from 'node:path';

/**
 * The simulator's state, kept so prompts and payments outlive a restart: written to a temporary file
 * and renamed, so a crash leaves the old state or the new, never half. It is a convenience: a disk
 * that is full or read-only costs the copy on disk, never the process (it is written from timers,
 * where a throw would end the store). Answers whether it was written.
 */
export function writeState(file: string | undefined, values: unknown[], log: { warn(obj: object, msg: string): void }): boolean {
  if (!file) return true;
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(tmp, JSON.stringify(values.slice(-1000)));
    fs.renameSync(tmp, file);
    return true;
  } catch (err) {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // Nothing was written there either.
    }
    log.warn({ simulator: 'daraja', file, code: (err as NodeJS.ErrnoException).code ?? null }, 'the M-Pesa simulator could not save its state; it goes on in memory');
    return false;
  }
}
