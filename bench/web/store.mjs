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

/** Starts the store and waits for its catalogue; answers its base address, the first video and stop(). */
export async function startStore(prefix) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
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
    return { base, first, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The load average, printed beside every figure: the machine is shared. */
export const loadAverage = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
