#!/usr/bin/env node
// Draws the app icons (a die showing five on the felt) as PNGs for the web app manifest, next to
// the hand-written icon.svg. Run once after changing the design; the PNGs are committed, so a
// build needs no image library. Usage: node scripts/make-icons.mjs
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const out = join(import.meta.dirname, '../packages/web/app/public');
const FELT = [0x14, 0x53, 0x2d];
const DIE = [0xff, 0xfb, 0xeb];
const PIP = [0x1c, 0x19, 0x17];

/** Whether (x, y) lies in a rounded rectangle (all in units of the icon's width). */
function inRoundRect(x, y, x0, y0, size, r) {
  if (x < x0 || y < y0 || x > x0 + size || y > y0 + size) return false;
  const cx = Math.min(Math.max(x, x0 + r), x0 + size - r);
  const cy = Math.min(Math.max(y, y0 + r), y0 + size - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The colour (RGBA) at a point of the icon; `maskable` fills the whole square with felt. */
function colourAt(x, y, maskable) {
  const die = maskable ? 0.52 : 0.62;
  const d0 = (1 - die) / 2;
  const pips = [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.5, 0.5],
    [0.25, 0.75],
    [0.75, 0.75],
  ];
  if (inRoundRect(x, y, d0, d0, die, die * 0.18)) {
    for (const [px, py] of pips) {
      if ((x - (d0 + px * die)) ** 2 + (y - (d0 + py * die)) ** 2 <= (die * 0.1) ** 2)
        return [...PIP, 255];
    }
    return [...DIE, 255];
  }
  if (maskable || inRoundRect(x, y, 0.02, 0.02, 0.96, 0.2)) return [...FELT, 255];
  return [0, 0, 0, 0];
}

/** The icon as raw RGBA rows, each point averaged over 4×4 samples for smooth edges. */
function pixels(size, maskable) {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  const n = 4;
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt((x + (sx + 0.5) / n) / size, (y + (sy + 0.5) / n) / size, maskable);
          // Premultiply so transparent samples do not darken the edges.
          for (let i = 0; i < 3; i++) acc[i] += (c[i] * c[3]) / 255;
          acc[3] += c[3];
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const a = acc[3] / (n * n);
      for (let i = 0; i < 3; i++) rows[o + i] = a ? Math.round((acc[i] / (n * n)) * (255 / a)) : 0;
      rows[o + 3] = Math.round(a);
    }
  }
  return rows;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG file of the icon at `size` pixels. */
function png(size, maskable) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels(size, maskable), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  writeFileSync(join(out, name), png(size, maskable));
  console.log(`wrote ${name}`);
}
