import { createHash } from 'node:crypto';

/** Generated artwork for the demo store: posters and portraits as SVG, rendered by sharp. */

const PALETTES = [
  ['#1a2a6c', '#b21f1f'],
  ['#0f2027', '#2c7744'],
  ['#42275a', '#734b6d'],
  ['#141e30', '#243b55'],
  ['#3a1c71', '#d76d77'],
  ['#093028', '#237a57'],
  ['#4b134f', '#c94b4b'],
  ['#1f1c2c', '#928dab'],
  ['#232526', '#b8860b'],
  ['#16222a', '#3a6073'],
] as const;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function hashBytes(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** Splits a title into lines of at most `width` characters, breaking between words. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function posterSvg(title: string, subtitle: string, badge: string): Buffer {
  const h = hashBytes(title + subtitle);
  const [from, to] = PALETTES[h[0]! % PALETTES.length]!;
  const lines = wrap(title.toUpperCase(), 13).slice(0, 4);
  const fontSize = lines.some((l) => l.length > 10) ? 46 : 56;
  const startY = 360 - ((lines.length - 1) * fontSize * 1.1) / 2;
  const circles = [0, 1, 2]
    .map((i) => {
      const cx = (h[1 + i]! / 255) * 480;
      const cy = (h[4 + i]! / 255) * 720;
      const r = 80 + (h[7 + i]! / 255) * 160;
      return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="0.07"/>`;
    })
    .join('');
  const text = lines
    .map(
      (l, i) =>
        `<text x="240" y="${(startY + i * fontSize * 1.1).toFixed(0)}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${fontSize}" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="720" viewBox="0 0 480 720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="480" height="720" fill="url(#g)"/>${circles}
  <rect x="24" y="28" rx="6" width="${badge.length * 13 + 28}" height="36" fill="#000" opacity="0.45"/>
  <text x="38" y="53" font-family="DejaVu Sans" font-weight="bold" font-size="20" fill="#ffd54f">${escapeXml(badge.toUpperCase())}</text>
  ${text}
  <rect y="620" width="480" height="100" fill="#000" opacity="0.35"/>
  <text x="240" y="680" text-anchor="middle" font-family="DejaVu Sans" font-size="30" fill="#fff">${escapeXml(subtitle)}</text>
</svg>`);
}

export function portraitSvg(fullName: string): Buffer {
  const h = hashBytes(fullName);
  const [from, to] = PALETTES[h[0]! % PALETTES.length]!;
  const initials = fullName
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="384" height="384" fill="url(#g)"/>
  <text x="192" y="236" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="150" fill="#fff">${escapeXml(initials)}</text>
</svg>`);
}
