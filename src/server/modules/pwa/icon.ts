import { crc32, deflateSync } from 'node:zlib';
import { parseHex } from '../../lib/color';

/**
 * The app icons of the web app manifest, drawn here as PNG (installability wants raster icons):
 * a full-bleed square in the partner's primary colour with the dining mark (a plate between a
 * fork and a knife) in its text-on-primary colour, kept inside the central 80 % so the icon also
 * works as a maskable icon (the launcher may cut it to a circle). No image library, no download.
 */

/** Sizes the manifest lists (Android launcher, splash screen) and the iOS touch icon. */
export const ICON_SIZES = [180, 192, 512] as const;

/** Whether a point of the unit square (0..1 on both axes) lies on the dining mark. */
export function onMark(x: number, y: number): boolean {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  // The plate: a rim and an inner ring.
  if (r >= 0.2 && r <= 0.245) return true;
  if (r >= 0.13 && r <= 0.148) return true;
  // The fork (left): three tines and a bar above a handle.
  if (x >= 0.185 && x <= 0.2 && y >= 0.32 && y <= 0.68) return true;
  if (y >= 0.32 && y <= 0.42) {
    for (const tx of [0.16, 0.1925, 0.225]) if (Math.abs(x - tx) <= 0.007) return true;
  }
  if (y >= 0.4 && y <= 0.425 && x >= 0.153 && x <= 0.232) return true;
  // The knife (right): a blade with a rounded back above the handle.
  if (x >= 0.8 && x <= 0.815 && y >= 0.32 && y <= 0.68) return true;
  if (y >= 0.32 && y <= 0.5 && x >= 0.815 && x <= 0.84) {
    const t = (y - 0.32) / 0.18; // the blade narrows toward its tip at the top
    if (x - 0.815 <= 0.025 * Math.sqrt(t)) return true;
  }
  return false;
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** Encodes 8-bit RGB pixels (row by row, 3 bytes a pixel) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 4×4 samples a pixel, so the mark's edges are smooth. */
const SAMPLES = 4;

/** The icon at `size` pixels in the two colours (hex): background, mark. */
export function renderIconPng(size: number, background: string, foreground: string): Buffer {
  const bg = parseHex(background);
  const fg = parseHex(foreground);
  const rgb = new Uint8Array(size * size * 3);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          if (onMark((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)) hits++;
        }
      }
      const t = hits / (SAMPLES * SAMPLES);
      const o = (py * size + px) * 3;
      for (let c = 0; c < 3; c++) rgb[o + c] = Math.round(bg[c]! * (1 - t) + fg[c]! * t);
    }
  }
  return encodePng(size, size, rgb);
}
