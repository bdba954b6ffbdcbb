// The built store on a fresh demo DATA_DIR and a free port, for the browser benches of this folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Waits until the demo's clips are transcoded (every video, or the `clips` newest, for sale), up to BENCH_MEDIA_WAIT_S
 * (300) seconds: until then ffmpeg runs beside the pages being measured, on the same cores.
 */
async function demoMediaReady(base, clips) {
  const began = Date.now();
  const limit = Number(process.env.BENCH_MEDIA_WAIT_S ?? 300) * 1000;
  while (Date.now() - began < limit) {
    const { results } = await (await fetch(`${base}/api/videoDetails/?page_size=1000`)).json();
    const forSale = results.filter((v) => v.for_sale).length;
    if (forSale >= Math.min(clips, results.length)) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  console.log(`demo media transcoded in ${((Date.now() - began) / 1000).toFixed(0)} s before measuring`);
  // ffmpeg's two busy minutes linger in the load average: let it settle (90 s at most).
  const settled = Date.now();
  while (os.loadavg()[0] > 2 && Date.now() - settled < 90_000) await new Promise((r) => setTimeout(r, 2000));
  console.log(`then ${((Date.now() - settled) / 1000).toFixed(0)} s for the load average to settle (${loadAverage()})`);
}

/**
 * Starts the store and waits for its catalogue and the demo's media; answers its base address, the
 * first video and stop(). `demoClips` makes clips for that many of the newest videos only (DEMO_CLIPS).
 */
export async function startStore(prefix, { demoClips } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...(demoClips ? { DEMO_CLIPS: String(demoClips) } : {}), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 240 && !(await fetch(`${base}/api/videoDetails/?page_size=1`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 250));
    const [first] = (await (await fetch(`${base}/api/videoDetails/?page_size=1`)).json()).results;
    await demoMediaReady(base, demoClips ?? Number.POSITIVE_INFINITY);
    return { base, first, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The load average, printed beside every figure: the machine is shared. */
export const loadAverage = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
