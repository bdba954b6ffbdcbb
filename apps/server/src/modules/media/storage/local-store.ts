import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { asPrefix, checkKey, type MediaStore } from './media-store.ts';

/** Writes to a temporary name and renames, so a crash never leaves a half-written file. */
async function atomicWrite(file: string, write: (tmp: string) => Promise<void>) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    await write(tmp);
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** Moves a file or folder, copying when it is on another file system. */
async function move(from: string, to: string) {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.cp(from, `${to}.partial`, { recursive: true });
    await fs.rename(`${to}.partial`, to);
    await fs.rm(from, { recursive: true, force: true });
  }
}

/** Hard-links every file of a folder into a new one (copies when links are refused: another disk, a file system without them). */
async function linkTree(from: string, to: string) {
  await fs.mkdir(to, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const [src, dst] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await linkTree(src, dst);
    else await fs.link(src, dst).catch(() => fs.copyFile(src, dst));
  }
}

/** A store, or the local store at a folder (what callers that predate the interface pass). */
export const asMediaStore = (where: MediaStore | string): MediaStore => (typeof where === 'string' ? createLocalStore(where) : where);

/** Media under DATA_DIR/media: the default, and what one machine needs. */
export function createLocalStore(root: string): MediaStore & { pathOf(key: string): string; root: string } {
  const pathOf = (key: string) => path.join(root, checkKey(key));
  return {
    driver: 'local',
    root,
    pathOf,
    async put(key, body) {
      await atomicWrite(pathOf(key), (tmp) => fs.writeFile(tmp, body));
    },
    async putFile(key, file) {
      await atomicWrite(pathOf(key), (tmp) => fs.copyFile(file, tmp));
    },
    /** A rename when the folder is on the same disk: the revision appears whole or not at all. */
    async putFolder(prefix, dir) {
      const target = pathOf(prefix.replace(/\/$/, ''));
      await fs.rm(target, { recursive: true, force: true });
      await move(dir, target);
    },
    /** Built under a temporary name, then renamed: the copy appears whole or not at all. Files are never changed in place, so links are safe. */
    async copyFolder(fromPrefix, toPrefix) {
      const target = pathOf(toPrefix.replace(/\/$/, ''));
      const tmp = `${target}.${randomUUID()}.partial`;
      try {
        await linkTree(pathOf(fromPrefix.replace(/\/$/, '')), tmp);
        await fs.rm(target, { recursive: true, force: true });
        await fs.rename(tmp, target);
      } finally {
        await fs.rm(tmp, { recursive: true, force: true });
      }
    },
    async read(key) {
      return fs.readFile(pathOf(key)).catch(() => null);
    },
    async open(key) {
      const file = pathOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file), size: stat.size };
    },
    async localCopy(key) {
      const file = pathOf(key);
      await fs.access(file);
      return file;
    },
    async exists(key) {
      return (await fs.stat(pathOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async children(prefix) {
      return (await fs.readdir(pathOf(asPrefix(prefix).slice(0, -1))).catch(() => [] as string[])).sort();
    },
    async move(fromKey, toKey) {
      await move(pathOf(fromKey), pathOf(toKey));
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await fs.rm(pathOf(asPrefix(prefix).slice(0, -1)), { recursive: true, force: true });
    },
    async presign() {
      return null;
    },
  };
}
