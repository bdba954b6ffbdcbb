#!/usr/bin/env node
// Draws the storefront's install icons (web app manifest, home screen) from the same picture as the
// inline favicon in index.html: the yellow play triangle on #101418. Run once when the picture changes
// (`node apps/web/scripts/make-icons.mjs`); the PNGs are committed under public/icons.
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../public/icons');
const INK = '#101418';
const YELLOW = '#ffd54f';
const TRIANGLE = `<path d="M12 9v14l11-7z" fill="${YELLOW}"/>`;

// "any": the favicon's rounded square. "maskable": the square to the edges, so a launcher's circle or
// squircle crops background only; the triangle lies well inside the central 80 % safe zone.
const svg = (rounded) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${rounded ? 6 : 0}" fill="${INK}"/>${TRIANGLE}</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false },
];

for (const { file, size, rounded } of icons) {
  await sharp(Buffer.from(svg(rounded)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}x${size}`);
}
