import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');
export const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts the server as `npm start` does, in its own process, and waits until the catalogue answers. */
export async function startServer(dataDir: string, deadlineMs: number, opts: { port?: number; env?: Record<string, string> } = {}): Promise<Running> {
  const port = opts.port ?? (await freePort());
  // node itself runs the server (tsx as a loader), so a signal sent to this process reaches the server:
  // the tsx command would run it in a child of its own, which a SIGKILL of the parent leaves running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    // No demo clips unless a test asks: transcoding would compete with the other tests for the CPU.
    env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_CLIPS: '0', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    const ok = await fetch(`${base}/api/videoDetails/?page_size=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, exited, output: () => out };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within ${deadlineMs} ms:\n${out}`);
}
