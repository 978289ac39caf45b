import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../vite.config';
import fc from 'fast-check';
import { compressedBody, gzipRuns, KEPT_PAGES, negotiateEncoding, sharedText } from './plugins/compression';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const ASSETS = path.resolve('src/server/test/fixtures/client/assets');
const BOTH = { 'accept-encoding': 'br, gzip' };

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}
const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

describe('built assets', () => {
  it('sends the precompressed brotli or gzip bytes to a browser that accepts them', async () => {
    const plain = readFileSync(path.join(ASSETS, 'index-test.js'));
    const br = await t.request('delta', { method: 'GET', url: '/assets/index-test.js', headers: BOTH });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(varies(br)).toBe(true);
    expect(br.rawPayload.equals(readFileSync(path.join(ASSETS, 'index-test.js.br')))).toBe(true);
    expect(decoded(br).equals(plain)).toBe(true);

    const gz = await t.request('delta', { method: 'GET', url: '/assets/index-test.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).equals(plain)).toBe(true);
  });

  it('sends the plain file without Accept-Encoding', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/assets/index-test.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(readFileSync(path.join(ASSETS, 'index-test.js')))).toBe(true);
  });

  it('does not compress per request an asset the build left plain', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/assets/index-test.css', headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(readFileSync(path.join(ASSETS, 'index-test.css')))).toBe(true);
  });
});

describe('answers made per request', () => {
  it('compresses the page, and sends it plain without Accept-Encoding', async () => {
    const html = { accept: 'text/html' };
    const plain = await t.request('delta', { method: 'GET', url: '/', headers: html });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    // A page goes as gzip where the client takes gzip as readily as brotli: its partner's shared run
    // is deflated once (gzipRuns); brotli only where the client weighs it higher or takes nothing else.
    for (const [accept, encoding] of [['br, gzip', 'gzip'], ['gzip', 'gzip'], ['gzip;q=1, br;q=0.5', 'gzip'], ['br;q=0, gzip', 'gzip'], ['br', 'br'], ['br, gzip;q=0.5', 'br']] as const) {
      const res = await t.request('delta', { method: 'GET', url: '/', headers: { ...html, 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(varies(res), accept).toBe(true);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length);
      expect(decoded(res).toString('utf8'), accept).toBe(plain.body);
    }
    // An unknown page (404) is the same page, compressed the same way.
    const missing = await t.request('delta', { method: 'GET', url: '/no/such/page', headers: { ...html, ...BOTH } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(decoded(missing).toString('utf8')).toContain('<div id="root">');
  });

  it('compresses a JSON answer, and sends it plain without Accept-Encoding', async () => {
    const url = '/api/v2/Merchants/Search?location=10001&pageSize=20';
    const plain = await t.request('delta', { method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ merchants: unknown[] }>().merchants.length).toBeGreaterThan(0);
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const res = await t.request('delta', { method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(varies(res), accept).toBe(true);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
      expect(decoded(res).toString('utf8'), accept).toBe(plain.body);
    }
  });

  it('leaves small answers plain', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/api/DefaultUserLocation', headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('latitude');
  });

  it('does not accept compressed request bodies', async () => {
    const { cookie, token } = await t.csrf('hilton');
    const res = await t.request('hilton', {
      method: 'POST', url: '/api/Members/Prospects/Email',
      headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.com' })),
    });
    // Read as the JSON it is not: decompressing would let a small request expand to a large one.
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('The request body is not valid JSON.');
  });
});

describe('compressedBody', () => {
  // Just enough of a request and a reply for compressedBody: the Accept-Encoding it reads, the headers it sets.
  const call = (body: string, keep: boolean, accept = 'br, gzip') => {
    const headers: Record<string, unknown> = {};
    const reply = { header: (k: string, v: unknown) => { headers[k] = v; return reply; }, getHeader: (k: string) => headers[k] };
    const out = compressedBody({ headers: { 'accept-encoding': accept } } as never, reply as never, body, { keep });
    return { out: out as Buffer, encoding: headers['content-encoding'] };
  };
  const page = (i: number) => `<!doctype html><p>page ${i}</p>${'<div>the same for every visitor</div>'.repeat(60)}`;

  it('keeps the compressed bytes of a body that is the same for everyone, by encoding, and compresses a member\'s body every time', () => {
    const first = call(page(1), true);
    expect(call(page(1), true).out).toBe(first.out);
    expect(brotliDecompressSync(first.out).toString()).toBe(page(1));
    const gzip = call(page(1), true, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.out).toString()).toBe(page(1));
    expect(call(page(1), true, 'gzip').out).toBe(gzip.out);
    // Not kept: the same text compressed anew, to the same bytes.
    const member = call(page(2), false);
    expect(call(page(2), false).out).not.toBe(member.out);
    expect(call(page(2), false).out.equals(member.out)).toBe(true);
    // A body differing in one character is never answered with another's bytes.
    expect(brotliDecompressSync(call(page(1).replace('page 1', 'page 3'), true).out).toString()).toBe(page(3));
  });

  it('keeps at most KEPT_PAGES bodies, the least recently sent going first', () => {
    const kept = call(page(1000), true).out;
    const firstOfOthers = call(page(2000), true).out;
    for (let i = 1; i < KEPT_PAGES - 1; i++) call(page(2000 + i), true);
    // Sent again, page 1000 becomes the most recent: the next new body pushes out page 2000 instead.
    expect(call(page(1000), true).out).toBe(kept);
    call(page(3000), true);
    expect(call(page(1000), true).out).toBe(kept);
    const recompressed = call(page(2000), true).out;
    expect(recompressed).not.toBe(firstOfOthers);
    expect(recompressed.equals(firstOfOthers)).toBe(true);
    for (let i = 0; i < KEPT_PAGES; i++) call(page(4000 + i), true);
    const again = call(page(1000), true).out;
    expect(again).not.toBe(kept);
    expect(brotliDecompressSync(again).toString()).toBe(page(1000));
  });
});

describe('gzipRuns', () => {
  const text = (parts: ReadonlyArray<string | { text: string }>) => parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');
  const theme = sharedText(`<style>${'.tile{color:var(--color-primary)}'.repeat(300)}</style><script type="application/json">{"name":"Délta ✈"}</script>`);

  it('is one gzip member that inflates to the runs joined, shared runs deflated once', () => {
    const parts = ['<!doctype html><title>Café</title>', theme, '<script>{"queries":[]}</script></html>'];
    const out = gzipRuns(parts);
    expect(out.subarray(0, 3).equals(Buffer.from([0x1f, 0x8b, 8]))).toBe(true);
    expect(gunzipSync(out).toString('utf8')).toBe(text(parts));
    // The shared run's bytes are the ones deflated the first time, and far smaller than its text.
    expect(theme.deflated()).toBe(theme.deflated());
    expect(theme.deflated().length).toBeLessThan(theme.bytes.length / 10);
    // Per answer, only the other runs are deflated: the result is within a few bytes of gzip on the whole text.
    expect(out.length).toBeLessThan(gzipSync(text(parts), { level: 6 }).length + 64);
  });

  it('ends well whichever run comes last, empty runs included', () => {
    for (const parts of [[theme], ['', theme, ''], ['a', theme], [theme, theme, 'ü'], ['only text'], ['']]) {
      expect(gunzipSync(gzipRuns(parts)).toString('utf8')).toBe(text(parts));
    }
  });

  it('inflates to the joined text for any runs (property)', () => {
    const run = fc.oneof(fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ unit: 'binary', maxLength: 3000 }).map(sharedText));
    fc.assert(fc.property(fc.array(run, { minLength: 1, maxLength: 6 }), (parts) => {
      expect(gunzipSync(gzipRuns(parts)).toString('utf8')).toBe(text(parts));
    }), { numRuns: 150 });
  });

  it('is what compressedBody sends for a body in runs, gzip first at equal weight', () => {
    const headers: Record<string, unknown> = {};
    const reply = { header: (k: string, v: unknown) => { headers[k] = v; return reply; }, getHeader: (k: string) => headers[k] };
    const body = ['<!doctype html>', theme, '<p>a member</p>'];
    const out = compressedBody({ headers: { 'accept-encoding': 'br, gzip' } } as never, reply as never, body) as Buffer;
    expect(headers['content-encoding']).toBe('gzip');
    expect(out.equals(gzipRuns(body))).toBe(true);
    const br = compressedBody({ headers: { 'accept-encoding': 'br' } } as never, reply as never, body) as Buffer;
    expect(headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(text(body));
    expect(compressedBody({ headers: {} } as never, reply as never, body)).toBe(text(body));
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli, honours weights and refusals', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=0.9, br;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeUndefined();
  });

  it('takes another order of preference at equal weight, weights still first', () => {
    expect(negotiateEncoding('br, gzip', ['gzip', 'br'])).toBe('gzip');
    expect(negotiateEncoding('*', ['gzip', 'br'])).toBe('gzip');
    expect(negotiateEncoding('br;q=1, gzip;q=0.5', ['gzip', 'br'])).toBe('br');
    expect(negotiateEncoding('br', ['gzip', 'br'])).toBe('br');
  });
});

describe('the build step (vite.config.ts precompressAssets)', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(path.join(tmpdir(), 'precompress-')); });
  afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

  it('writes maximum-quality .br and level-9 .gz beside each compressible asset, and only there', async () => {
    mkdirSync(path.join(dir, 'assets'));
    const js = Buffer.from(Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n'));
    const files: Record<string, Buffer> = {
      'assets/app.js': js,
      'assets/app.css': Buffer.from(`.a{color:red}\n`.repeat(200)),
      'assets/tiny.js': Buffer.from('export {};\n'),
      'assets/photo.png': Buffer.alloc(4096, 7),
      'index.html': Buffer.from(`<p>page</p>\n`.repeat(200)),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    const hook = precompressAssets().writeBundle as unknown as (this: unknown, o: { dir: string }, b: Record<string, unknown>) => Promise<void>;
    await hook.call({ meta: { watchMode: false } }, { dir }, Object.fromEntries(Object.keys(files).map((f) => [f, {}])));

    for (const name of ['assets/app.js', 'assets/app.css']) {
      const source = files[name]!;
      const br = readFileSync(path.join(dir, `${name}.br`));
      expect(brotliDecompressSync(br).equals(source), name).toBe(true);
      const best = brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } });
      expect(br.length, name).toBe(best.length);
      expect(gunzipSync(readFileSync(path.join(dir, `${name}.gz`))).equals(source), name).toBe(true);
    }
    // Too small to gain, already compressed, or not a served asset: nothing written.
    for (const name of ['assets/tiny.js', 'assets/photo.png', 'index.html']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
