import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: the benches are plain JavaScript without type declarations.
import { childPids } from '../../../bench/lib/harness.mjs';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

describe('the benches’ process helpers', () => {
  it('answers no children as an empty list (ps --ppid exits 1), so bench:catalog reaches its results', () => {
    const lone = spawn('sleep', ['30']);
    children.push(lone);
    expect((childPids as (pid: number) => number[])(lone.pid!)).toEqual([]);
  });

  it('lists a process’s children', async () => {
    const parent = spawn('sh', ['-c', 'sleep 30 & wait']);
    children.push(parent);
    let found: number[] = [];
    for (let i = 0; i < 50 && found.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      found = (childPids as (pid: number) => number[])(parent.pid!);
    }
    expect(found).toHaveLength(1);
    process.kill(found[0]!, 'SIGKILL');
  });
});
