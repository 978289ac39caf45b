import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { partners } from '../../db/schema';
import { loadConfig } from '../../config';
import { buildCardFrameServer, cardFrameCsp, cardFrameProblem, frameAncestors } from './card-frame-server';
import { decryptCardNumber, generateCardPrivateKeyPem, loadCardKeys } from './card-crypto';
import { encryptCardNumber } from '../../test/cards';
import { productionEnv } from '../../test/production-env';

let t: TestApp;
let built: string;
beforeAll(async () => {
  t = await createTestApp();
  built = mkdtempSync(path.join(tmpdir(), 'card-frame-'));
  mkdirSync(path.join(built, 'card-frame'));
  mkdirSync(path.join(built, 'assets'));
  writeFileSync(path.join(built, 'card-frame', 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/frame-abc.js"></script></head><body><input></body></html>');
  writeFileSync(path.join(built, 'assets', 'frame-abc.js'), 'console.log("frame")');
});
afterAll(async () => {
  await t.close();
  rmSync(built, { recursive: true, force: true });
});

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
  const [name, ...values] = d.split(/\s+/);
  return [name!, values] as const;
}));

describe('card frame server', () => {
  it('serves the built frame page with its CSP: partner origins may frame it, nothing else is allowed', async () => {
    const frame = await buildCardFrameServer({ config: { ...t.config, clientDir: built }, db: t.database.db });
    try {
      const res = await frame.inject({ method: 'GET', url: '/card-frame/?parent=http%3A%2F%2Fhilton.localhost%3A3000&accepted=VISA,MAST' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('/assets/frame-abc.js');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('frame-ancestors')).toEqual(expect.arrayContaining([`http://*.localhost:${t.config.port}`, `http://localhost:${t.config.port}`]));
      expect(csp.get('frame-ancestors')).not.toContain('*');

      const asset = await frame.inject({ method: 'GET', url: '/assets/frame-abc.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain('frame');

      const bare = await frame.inject({ method: 'GET', url: '/card-frame?parent=x' });
      expect(bare.statusCode).toBe(301);
      expect(bare.headers.location).toBe('/card-frame/?parent=x');
      expect((await frame.inject({ method: 'GET', url: '/anything' })).statusCode).toBe(404);
    } finally {
      await frame.close();
    }
  });

  it('answers 503 until the frame is built', async () => {
    const frame = await buildCardFrameServer({ config: { ...t.config, clientDir: path.join(built, 'missing') }, db: t.database.db });
    try {
      const res = await frame.inject({ method: 'GET', url: '/card-frame/' });
      expect(res.statusCode).toBe(503);
    } finally {
      await frame.close();
    }
  });

  it('serves the public key the app decrypts with (SPKI, base64 DER)', async () => {
    const frame = await buildCardFrameServer({ config: t.config, db: t.database.db });
    try {
      const res = await frame.inject({ method: 'GET', url: '/card-frame/public-key' });
      expect(res.statusCode).toBe(200);
      const { key } = res.json<{ key: string }>();
      expect(key).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const keys = await loadCardKeys({ config: t.config, db: t.database.db });
      expect(key).toBe(keys.publicKeySpki);
      expect(decryptCardNumber(keys.privateKey, encryptCardNumber(key, '4111111111111111'))).toBe('4111111111111111');
    } finally {
      await frame.close();
    }
  });

  it('adds configured partner hosts to frame-ancestors', async () => {
    await t.database.db.update(partners).set({ hosts: ['dining.example.com'] }).where(eq(partners.code, 'hilton'));
    const frame = await buildCardFrameServer({ config: { ...t.config, clientDir: built, partnerHosts: { 'eat.example.org': 'delta' } }, db: t.database.db });
    try {
      const csp = directives(String((await frame.inject({ method: 'GET', url: '/card-frame/' })).headers['content-security-policy']));
      expect(csp.get('frame-ancestors')).toEqual(expect.arrayContaining(['https://dining.example.com', 'https://eat.example.org', `http://*.localhost:${t.config.port}`]));
    } finally {
      await frame.close();
      await t.database.db.update(partners).set({ hosts: [] }).where(eq(partners.code, 'hilton'));
    }
  });

  it('is started beside the app unless production serves the frame origin elsewhere', () => {
    expect(loadConfig({}).cardFrameServer).toBe(true);
    expect(loadConfig({ CARD_FRAME_ORIGIN: 'https://cards.example.com' }).cardFrameServer).toBe(true);
    expect(loadConfig({ ...productionEnv(), CARD_FRAME_ORIGIN: 'https://cards.example.com' }).cardFrameServer).toBe(false);
    expect(loadConfig({ ...productionEnv(), CARD_FRAME_ORIGIN: 'https://cards.example.com', CARD_FRAME_PORT: '4001' })).toMatchObject({ cardFrameServer: true, cardFramePort: 4001, cardFrameOrigin: 'https://cards.example.com' });
  });

  const production = { env: 'production', port: 3000, partnerHosts: { 'eat.example.org': 'delta' }, siteOrigin: 'https://{partner}.dining.example.com', cardFrameOrigin: 'https://cards.dining.example.com' } as const;

  it('in production allows the partner sites by SITE_ORIGIN and the partners\' own hosts, over https only', () => {
    expect(frameAncestors(production, [{ code: 'hilton', hosts: ['dining.hilton.example'] }, { code: 'Delta', hosts: [] }])).toEqual([
      'https://hilton.dining.example.com', 'https://delta.dining.example.com', 'https://dining.hilton.example', 'https://eat.example.org',
    ]);
    // The several-instances settings of docs/operations.md (SITE_ORIGIN, no PARTNER_HOSTS, no partners.hosts): every partner may frame it.
    expect(frameAncestors({ ...production, partnerHosts: {} }, [{ code: 'delta', hosts: [] }])).toEqual(['https://delta.dining.example.com']);
    // Never the frame's own origin, even where the template would name it (a partner coded "cards").
    expect(frameAncestors(production, [{ code: 'cards', hosts: [] }])).toEqual(['https://eat.example.org']);
    expect(cardFrameCsp([])).toContain("frame-ancestors 'none'");
    // Outside production a staging SITE_ORIGIN adds its sites; the default one is the *.localhost wildcard's.
    const staging = { ...production, env: 'development', partnerHosts: {}, cardFrameOrigin: 'http://localhost:3001' } as const;
    expect(frameAncestors({ ...staging, siteOrigin: 'https://{partner}.staging.example.com' }, [{ code: 'delta', hosts: [] }])).toContain('https://delta.staging.example.com');
    expect(frameAncestors({ ...staging, siteOrigin: 'http://{partner}.localhost:3000' }, [{ code: 'delta', hosts: [] }])).toEqual(['http://*.localhost:3000', 'http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('the start says when no partner site may frame the card frame, or when it is a partner\'s own site', () => {
    expect(cardFrameProblem(production, [{ code: 'delta', hosts: [] }])).toBeNull();
    expect(cardFrameProblem({ ...production, partnerHosts: {} }, [])).toMatch(/may be framed by no partner site[\s\S]*members could not link a card/);
    expect(cardFrameProblem(production, [{ code: 'cards', hosts: [] }])).toMatch(/CARD_FRAME_ORIGIN https:\/\/cards\.dining\.example\.com is the site of partner cards/);
    expect(cardFrameProblem(production, [{ code: 'hilton', hosts: ['cards.dining.example.com'] }])).toMatch(/is the site of partner hilton/);
  });

  it('in production sends HSTS and lets every partner site of the database frame it (the several-instances settings of docs/operations.md)', async () => {
    const config = { ...loadConfig({ ...productionEnv(), LOG_LEVEL: 'silent', CARD_PRIVATE_KEY: await generateCardPrivateKeyPem() }), clientDir: built };
    const frame = await buildCardFrameServer({ config, db: t.database.db });
    try {
      const codes = (await t.database.db.select({ code: partners.code }).from(partners)).map((p) => p.code);
      expect(codes.length).toBeGreaterThan(3);
      for (const url of ['/card-frame/', '/card-frame/public-key', '/assets/frame-abc.js', '/nothing']) {
        expect((await frame.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const csp = directives(String((await frame.inject({ method: 'GET', url: '/card-frame/?parent=https%3A%2F%2Fhilton.dining.example.com' })).headers['content-security-policy']));
      expect(csp.get('frame-ancestors')).toEqual(codes.map((code) => `https://${code}.dining.example.com`));
    } finally {
      await frame.close();
    }
    const development = await buildCardFrameServer({ config: { ...loadConfig({ LOG_LEVEL: 'silent' }), clientDir: built }, db: t.database.db });
    try {
      expect((await development.inject({ method: 'GET', url: '/card-frame/' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await development.close();
    }
  });
});

describe("the app's pages", () => {
  it('may frame the card-frame origin and nothing else', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/account/manage_cards', headers: { accept: 'text/html' } });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('frame-src')).toEqual([t.config.cardFrameOrigin]);
    expect(csp.has('child-src')).toBe(false);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // An API answer is never a document that frames anything (decision 0008): default-src 'none'
    // covers frames too, the card frame's origin included.
    const api = await t.request('hilton', { method: 'GET', url: '/api/feature-flags' });
    const apiCsp = directives(String(api.headers['content-security-policy']));
    expect(apiCsp.get('default-src')).toEqual(["'none'"]);
    expect(apiCsp.has('frame-src')).toBe(false);
    expect(apiCsp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
