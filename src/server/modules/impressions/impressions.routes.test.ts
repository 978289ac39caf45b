import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { impressions, partners } from '../../db/schema';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const event = (over: Record<string, unknown> = {}) => ({ eventType: 'pageView', channel: 'web', dateTime: new Date().toISOString(), userAgent: 'Vitest', path: '/search', ...over });

describe('POST /api/Impressions', () => {
  it('stores a batch for the host\'s partner', async () => {
    const { cookie, token } = await t.csrf('hilton');
    const res = await t.request('hilton', {
      method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': token },
      payload: [event(), event({ eventType: 'search' })],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const [hilton] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton'));
    const rows = await t.database.db.select().from(impressions).where(eq(impressions.partnerId, hilton!.id));
    expect(rows.map((r) => r.eventType).sort()).toEqual(['pageView', 'search']);
    expect(rows[0]!.channel).toBe('web');
  });

  it('requires the anti-forgery token, and one partner\'s token fails on another host', async () => {
    const none = await t.request('hilton', { method: 'POST', url: '/api/Impressions', payload: [event()] });
    expect(none.statusCode).toBe(403);
    expect(none.json<{ message: string }>().message).toMatch(/security token/);
    const { cookie, token } = await t.csrf('hilton');
    const wrong = await t.request('hilton', { method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': `${token}x` }, payload: [event()] });
    expect(wrong.statusCode).toBe(403);
    const otherPartner = await t.request('delta', { method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': token }, payload: [event()] });
    expect(otherPartner.statusCode).toBe(403);
    const noCookie = await t.request('hilton', { method: 'POST', url: '/api/Impressions', headers: { 'x-xsrf-token': token }, payload: [event()] });
    expect(noCookie.statusCode).toBe(403);
  });

  it.each([
    ['an empty list', [], 'Send at least one impression.'],
    ['an unknown event type', [event({ eventType: 'hack' })], 'Unknown event type.'],
    ['another channel', [event({ channel: 'ios' })], 'Channel must be web.'],
    ['a bad date', [event({ dateTime: 'yesterday' })], 'dateTime must be an ISO 8601 date and time.'],
    ['too many', Array.from({ length: 51 }, () => event()), 'Send at most 50 impressions at a time.'],
    ['an object instead of a list', event(), undefined],
  ])('rejects %s with 400 and stores nothing', async (_name, payload, message) => {
    const before = (await t.database.db.select().from(impressions)).length;
    const { cookie, token } = await t.csrf('delta');
    const res = await t.request('delta', { method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': token }, payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fieldErrors?: Array<{ field: string; message: string }> }>();
    expect(body.message.length).toBeGreaterThan(0);
    if (message) expect(body.fieldErrors?.map((f) => f.message)).toContain(message);
    else expect(body.fieldErrors?.map((f) => f.field), 'the body as a whole is wrong').toEqual(['request']);
    expect((await t.database.db.select().from(impressions)).length).toBe(before);
  });

  it('rejects a body that is not JSON with a readable 400', async () => {
    const { cookie, token } = await t.csrf('delta');
    const res = await t.request('delta', { method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' }, payload: '{"oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('The request body is not valid JSON.');
  });
});
