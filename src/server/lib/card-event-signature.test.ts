import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, DEV_CARD_EVENTS_SECRET } from '../config';
import { signCardEvent, verifyCardEventSignature } from './card-event-signature';
import { productionEnv } from '../test/production-env';

const SECRET = 'test-card-events-secret';
const BODY = '{"id":"evt_1","type":"auth"}';

describe('card-event signatures', () => {
  it('signs HMAC-SHA256 over "timestamp.body" as sha256=<hex>, as documented', () => {
    const headers = signCardEvent(SECRET, BODY, 1_790_000_000);
    const hex = createHmac('sha256', SECRET).update(`1790000000.${BODY}`).digest('hex');
    expect(headers).toEqual({ 'x-card-network-timestamp': '1790000000', 'x-card-network-signature': `sha256=${hex}` });
  });

  it('accepts its own signature within 300 s either side, and nothing else', () => {
    const now = 1_790_000_000;
    const ok = (ts: number, over: Partial<Parameters<typeof verifyCardEventSignature>[0]> = {}) => {
      const h = signCardEvent(SECRET, BODY, ts);
      return verifyCardEventSignature({ secret: SECRET, rawBody: BODY, timestamp: h['x-card-network-timestamp'], signature: h['x-card-network-signature'], nowSeconds: now, ...over });
    };
    expect(ok(now)).toEqual({ ok: true });
    expect(ok(now - 300)).toEqual({ ok: true });
    expect(ok(now + 300)).toEqual({ ok: true });
    expect(ok(now - 301)).toEqual({ ok: false, reason: 'timestamp' });
    expect(ok(now + 301)).toEqual({ ok: false, reason: 'timestamp' });
    expect(ok(now, { rawBody: `${BODY} ` })).toEqual({ ok: false, reason: 'signature' });
    expect(ok(now, { secret: 'another-secret-of-sorts' })).toEqual({ ok: false, reason: 'signature' });
    expect(ok(now, { timestamp: String(now + 1) })).toEqual({ ok: false, reason: 'signature' });
    expect(ok(now, { timestamp: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(ok(now, { signature: ['a', 'b'] })).toEqual({ ok: false, reason: 'missing' });
    expect(ok(now, { timestamp: '1.79e9' })).toEqual({ ok: false, reason: 'timestamp' });
    expect(ok(now, { signature: 'sha256=abc' })).toEqual({ ok: false, reason: 'signature' });
    // Upper-case hex is the same signature.
    const h = signCardEvent(SECRET, BODY, now);
    expect(verifyCardEventSignature({ secret: SECRET, rawBody: BODY, timestamp: h['x-card-network-timestamp'], signature: h['x-card-network-signature'].toUpperCase().replace('SHA256=', 'sha256='), nowSeconds: now })).toEqual({ ok: true });
  });

  it('CARD_EVENTS_SECRET: a development default outside production, required (and not that default) in production', () => {
    expect(loadConfig({}).cardEventsSecret).toBe(DEV_CARD_EVENTS_SECRET);
    expect(loadConfig({ CARD_EVENTS_SECRET: 'x'.repeat(32) }).cardEventsSecret).toBe('x'.repeat(32));
    const { CARD_EVENTS_SECRET: strong, ...prod } = productionEnv();
    expect(() => loadConfig(prod)).toThrow(/CARD_EVENTS_SECRET: required in production/);
    expect(() => loadConfig({ ...prod, CARD_EVENTS_SECRET: DEV_CARD_EVENTS_SECRET })).toThrow(/CARD_EVENTS_SECRET: required in production/);
    expect(() => loadConfig({ CARD_EVENTS_SECRET: 'short' })).toThrow(/CARD_EVENTS_SECRET: Use at least 16 characters/);
    expect(loadConfig({ ...prod, CARD_EVENTS_SECRET: strong }).cardEventsSecret).toBe(strong);
    // Both missing production values are named at once.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SITE_ORIGIN[\s\S]*CARD_EVENTS_SECRET/);
  });
});
