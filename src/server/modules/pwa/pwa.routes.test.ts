import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { partners } from '../../db/schema';
import { onMark, renderIconPng } from './icon';
import { shortNameOf, SHORT_NAME_MAX, type WebAppManifest } from './manifest';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'pwa-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body></body></html>');
  await writeFile(path.join(clientDir, 'worker.js'), 'self.addEventListener("fetch", () => {});');
  t = await createTestApp({ config: { clientDir } });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (partner: string, url: string, headers: Record<string, string> = {}) => t.request(partner, { method: 'GET', url, headers });

/** Width, height and the decoded RGB pixel at (x, y) of a PNG the encoder wrote (filter 0 rows). */
function pngPixel(png: Buffer, x: number, y: number): { width: number; height: number; rgb: number[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let offset = 8;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const len = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(png.subarray(offset + 8, offset + 8 + len));
    offset += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const row = y * (width * 3 + 1) + 1;
  return { width, height, rgb: [...raw.subarray(row + x * 3, row + x * 3 + 3)] };
}

const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('GET /manifest.webmanifest', () => {
  it("is each partner's own: its programme name, colours, standalone, icons", async () => {
    const [delta] = await t.database.db.select().from(partners).where(eq(partners.code, 'delta'));
    const res = await get('delta', '/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const m = res.json<WebAppManifest>();
    expect(m.name).toBe(delta!.copyStates.programName1);
    expect(m.theme_color).toBe(delta!.theme.primary);
    expect(m.background_color).toBe(delta!.theme.background);
    expect(m.display).toBe('standalone');
    expect(m.start_url).toBe('/');
    expect(m.short_name.length).toBeLessThanOrEqual(SHORT_NAME_MAX);
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);

    const hilton = (await get('hilton', '/manifest.webmanifest')).json<WebAppManifest>();
    expect(hilton.name).not.toBe(m.name);
  });

  it('is not served on an unknown host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'nobody.localhost' } });
    expect(res.statusCode).toBe(404);
  });

  it('is linked from the page with the touch icon', async () => {
    const res = await get('delta', '/', { accept: 'text/html' });
    expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(res.body).toContain('<link rel="apple-touch-icon" href="/partner/icons/180.png">');
  });
});

describe('GET /partner/icons/:size.png', () => {
  it("draws the icon in the partner's primary colour with the mark in its text colour", async () => {
    const [delta] = await t.database.db.select().from(partners).where(eq(partners.code, 'delta'));
    const res = await get('delta', '/partner/icons/192.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    const corner = pngPixel(png, 2, 2);
    expect([corner.width, corner.height]).toEqual([192, 192]);
    expect(corner.rgb).toEqual(hexRgb(delta!.theme.primary));
    // A point on the plate's rim (radius 0.22 of the icon, right of the centre).
    expect(pngPixel(png, Math.round(192 * 0.72), 96).rgb).toEqual(hexRgb(delta!.theme.primaryText));
  });

  it('answers 400 for a size it does not draw', async () => {
    const res = await get('delta', '/partner/icons/64.png');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/192/);
  });
});

describe('GET /worker.js', () => {
  it('is served on every host, checked on every visit, allowed the whole origin', async () => {
    const res = await get('delta', '/worker.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toContain('addEventListener');
  });

  it('is a clear 404 before the app is built', async () => {
    const bare = await createTestApp({ config: { clientDir: path.join(clientDir, 'missing') } });
    try {
      const res = await bare.request('delta', { method: 'GET', url: '/worker.js' });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toMatch(/npm run build/);
    } finally {
      await bare.close();
    }
  });
});

describe('icon and short name', () => {
  it('keeps the mark inside the maskable safe zone (central 80 %)', () => {
    for (let i = 0; i <= 100; i++) {
      for (let j = 0; j <= 100; j++) {
        const x = i / 100;
        const y = j / 100;
        expect(Math.hypot(x - 0.5, y - 0.5) <= 0.4 || !onMark(x, y), `(${x}, ${y}) outside the safe zone is on the mark`).toBe(true);
      }
    }
  });
  it('renders a PNG of the asked size', () => {
    const png = renderIconPng(180, '#003366', '#ffffff');
    expect(pngPixel(png, 0, 0)).toEqual({ width: 180, height: 180, rgb: [0, 0x33, 0x66] });
  });
  it('picks a short name that fits', () => {
    const tokens = (programName2: string, partnerName1: string) => ({ programName2, partnerName1 }) as never;
    expect(shortNameOf({ name: 'Delta Dining', copyStates: tokens('SkyRewards', 'Delta') })).toBe('SkyRewards');
    expect(shortNameOf({ name: 'Choice Dining', copyStates: tokens('Open Road Rewards', 'Choice') })).toBe('Choice');
    expect(shortNameOf({ name: 'A Very Long Partner Name', copyStates: tokens('Grand Rewards Club', 'Extraordinarily') })).toBe('Grand');
    expect(shortNameOf({ name: 'X', copyStates: tokens('Extraordinarily', 'Magnificently') })).toBe('X');
    expect(shortNameOf({ name: 'Extraordinarily Long', copyStates: tokens('', '') })).toBe('Extraordinar');
  });
});
