#!/usr/bin/env node
// JavaScript the home page needs before it can show content: the entry chunk and every chunk it
// imports statically (what the browser must download and run first), and the English catalogs main.tsx
// loads before rendering, gzipped. Lazy screens are not
// counted: they load when opened. Budget: 150 KB. Reads apps/web/dist (run `npm run build` first).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = 150;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const seen = new Set();
(function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
})(entryKey);
// The English words of the shell and the home page, loaded before the first render (src/main.tsx).
for (const key of ['src/locales/en.json', 'src/features/catalog/locales/en.json']) seen.add(key);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
console.log('home page JavaScript before first render (gzip -9):');
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${file}`);
const kb = total / 1024;
console.log(`total ${kb.toFixed(1)} KB of ${BUDGET_KB} KB budget (ratio ${(kb / BUDGET_KB).toFixed(2)}): ${kb <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
process.exitCode = kb <= BUDGET_KB ? 0 : 1;
