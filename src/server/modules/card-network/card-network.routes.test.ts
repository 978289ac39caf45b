import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { cardNetworkInbox, dines, memberCards, memberRewards, members } from '../../db/schema';
import { signCardEvent } from '../../lib/card-event-signature';
import { CARD_NETWORK_EVENTS_PATH } from '../../plugins/route-rules';

let t: TestApp;
let token: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [card] = await t.database.db.select({ token: memberCards.networkToken }).from(memberCards)
    .innerJoin(members, eq(members.id, memberCards.memberId)).where(eq(members.email, 'select.card@hilton.example.com')).limit(1);
  token = card!.token;
});
afterAll(async () => { await t.close(); });

const event = (over: Record<string, unknown> = {}) => ({
  id: `evt-route-${++counter}`, type: 'auth', transactionId: `txn-route-${counter}`, cardToken: token, amountCents: 4200, currency: 'USD',
  merchantLocationId: 'loc-1', localDateTime: '2026-11-20T19:45:00-05:00', onlineOrder: false, ...over,
});

/** Posts a body as the network would: signed with the configured key (or as told), on any host. */
async function post(body: unknown, opts: { host?: string; secret?: string; timestamp?: number; headers?: Record<string, string>; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const signed = signCardEvent(opts.secret ?? t.config.cardEventsSecret, raw, opts.timestamp);
  return t.app.inject({
    method: 'POST', url: CARD_NETWORK_EVENTS_PATH, payload: raw,
    headers: { host: opts.host ?? 'localhost', 'content-type': 'application/json', ...signed, ...opts.headers },
  });
}

describe('POST /api/card-network/events', () => {
  it('stores a signed event once and answers at once; the engine turns it into a Pending dine', async () => {
    const e = event();
    const res = await post(e);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const [row] = await t.database.db.select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, e.id));
    expect(row).toMatchObject({ type: 'auth', body: { ...e } });
    await t.app.cardNetwork.applier.idle();
    const [dine] = await t.database.db.select().from(dines).where(eq(dines.transactionId, e.transactionId));
    expect(dine).toMatchObject({ status: 'Pending', authAmountCents: 4200, localDate: '2026-11-20', localMinutes: 19 * 60 + 45, merchantId: 1 });
    const [applied] = await t.database.db.select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, e.id));
    expect(applied!.outcome).toBe('applied');
    expect(applied!.processedAt).not.toBeNull();
  });

  it('the same event id twice: 200 duplicate, no second row, no second effect (a retry signs anew)', async () => {
    // Another restaurant: a clearing at loc-1 would match the open authorisation above.
    const e = event({ type: 'clearing', amountCents: 5000, merchantLocationId: 'loc-2' });
    expect((await post(e)).json()).toEqual({ received: true, duplicate: false });
    const again = await post(e, { timestamp: Math.floor(Date.now() / 1000) - 60 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    await t.app.cardNetwork.applier.idle();
    expect(await t.database.db.select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, e.id))).toHaveLength(1);
    const found = await t.database.db.select().from(dines).where(eq(dines.transactionId, e.transactionId));
    expect(found).toHaveLength(1);
    const rewards = await t.database.db.select().from(memberRewards).where(eq(memberRewards.dineId, found[0]!.id));
    expect(rewards).toHaveLength(1);
  });

  it.each([
    ['no signature', { headers: { 'x-card-network-signature': '' } }],
    ['a wrong key', { secret: 'not-the-card-events-secret' }],
    ['a timestamp 301 s old', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ['a timestamp 10 minutes ahead', { timestamp: Math.floor(Date.now() / 1000) + 600 }],
    ['a body changed after signing', { raw: JSON.stringify(event()), headers: {}, tamper: true }],
  ])('refuses %s with 401 and stores nothing', async (_name, opts) => {
    const e = event();
    const raw = JSON.stringify(e);
    const res = 'tamper' in opts
      ? await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, payload: raw.replace('4200', '9999'), headers: { host: 'localhost', 'content-type': 'application/json', ...signCardEvent(t.config.cardEventsSecret, raw) } })
      : await post(e, opts as never);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: expect.stringMatching(/not signed with the card-network key/) });
    expect(await t.database.db.select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, e.id))).toHaveLength(0);
  });

  it('checks the signature before the body: an unsigned bad body is 401, not 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, payload: '{"oops', headers: { host: 'localhost', 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['not JSON', () => '{"oops', 'The request body is not valid JSON.', undefined],
    ['an unknown type', () => JSON.stringify(event({ type: 'chargeback' })), 'type must be auth, clearing or refund.', 'type'],
    ['a positive refund', () => JSON.stringify(event({ type: 'refund', amountCents: 100 })), 'A refund has a negative amount.', 'amountCents'],
    ['a missing card token', () => JSON.stringify(event({ cardToken: undefined })), undefined, 'cardToken'],
    ['a date without offset', () => JSON.stringify(event({ localDateTime: '2026-11-20T19:45:00' })), undefined, 'localDateTime'],
    ['another currency', () => JSON.stringify(event({ currency: 'EUR' })), 'currency must be USD.', 'currency'],
    ['a date that does not exist (30 February)', () => JSON.stringify(event({ localDateTime: '2026-02-30T19:45:00-05:00' })), 'localDateTime must be a real calendar date and time', 'localDateTime'],
    ['a date in month 13', () => JSON.stringify(event({ localDateTime: '2026-13-01T19:45:00-05:00' })), 'localDateTime must be a real calendar date and time', 'localDateTime'],
    ['hour 24', () => JSON.stringify(event({ localDateTime: '2026-11-20T24:00:00-05:00' })), 'localDateTime must be a real calendar date and time', 'localDateTime'],
    ['29 February of a common year', () => JSON.stringify(event({ localDateTime: '2027-02-29T12:00:00Z' })), 'localDateTime must be a real calendar date and time', 'localDateTime'],
  ])('a signed body with %s is 400 with field errors, nothing stored', async (_name, raw, message, field) => {
    const before = (await t.database.db.select().from(cardNetworkInbox)).length;
    const res = await post(undefined, { raw: raw() });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fieldErrors?: Array<{ field: string; message: string }> }>();
    // Each case names the sentence, the field or both; the one not named still answers something.
    expect(message ?? field).toBeDefined();
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.message).toContain(message ?? '');
    if (field) expect(body.fieldErrors?.map((f) => f.field)).toContain(field);
    else expect(body.fieldErrors ?? []).toEqual([]);
    expect((await t.database.db.select().from(cardNetworkInbox)).length).toBe(before);
  });

  it('names the field once for a malformed date, and takes 29 February of a leap year', async () => {
    const malformed = await post(undefined, { raw: JSON.stringify(event({ localDateTime: '20 Nov 2026' })) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ fieldErrors: Array<{ field: string; message: string }> }>().fieldErrors.filter((f) => f.field === 'localDateTime'))
      .toEqual([{ field: 'localDateTime', message: "localDateTime must be an ISO 8601 date-time with its offset, in the merchant's local time." }]);
    expect((await post(event({ localDateTime: '2028-02-29T12:00:00-05:00', merchantLocationId: 'loc-6' }))).statusCode).toBe(200);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['text/plain with a charset', 'text/plain; charset=utf-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['XML', 'application/xml'],
    ['a JSON look-alike', 'application/jsonx'],
  ])('a signed JSON body sent as %s is 415 with a plain message, nothing stored', async (_name, type) => {
    const e = event();
    const res = await post(e, { headers: { 'content-type': type } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, message: 'Send the request body as application/json.' });
    expect(await t.database.db.select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, e.id))).toHaveLength(0);
  });

  it.each([['application/json; charset=utf-8'], ['Application/JSON'], ['application/json;charset=UTF-8']])('accepts %s', async (type) => {
    const res = await post(event({ merchantLocationId: 'loc-6' }), { headers: { 'content-type': type } });
    expect(res.statusCode).toBe(200);
  });

  it('stores events arriving together in one group, each answered for itself; one the database refuses fails alone', async () => {
    const batch = Array.from({ length: 12 }, () => event({ merchantLocationId: 'loc-5' }));
    const nul = event({ id: `bad\u0000${counter}` });
    const answers = await Promise.all([...batch, batch[0], nul, batch[1]].map((e) => post(e)));
    expect(answers.slice(0, 12).map((r) => r.json<{ duplicate: boolean }>().duplicate)).toEqual(Array(12).fill(false));
    // The same id again within the group: one of the two stored it, the other is the duplicate.
    const dupFlags = [answers[0]!, answers[12]!].map((r) => r.json<{ duplicate: boolean }>().duplicate).sort();
    expect(dupFlags).toEqual([false, true]);
    expect(answers[13]!.statusCode).toBe(400);
    expect(answers[14]!.json()).toEqual({ received: true, duplicate: true });
    const stored = await t.database.db.select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, batch[0]!.id));
    expect(stored).toHaveLength(1);
  });

  it('works on any host, even one that is no partner site, and needs no anti-forgery token', async () => {
    for (const host of ['hilton.localhost', 'delta.localhost', '127.0.0.1', 'cards.network.example']) {
      const res = await post(event(), { host });
      expect(res.statusCode, host).toBe(200);
    }
    // Another path on an unknown host is still 404.
    expect((await t.app.inject({ method: 'GET', url: '/api/partner', headers: { host: 'cards.network.example' } })).statusCode).toBe(404);
  });

  it('an unknown card or restaurant is received (200) and recorded with its outcome, nothing else', async () => {
    const unknownCard = event({ cardToken: 'ntk_nobody' });
    const unknownPlace = event({ merchantLocationId: 'loc-nowhere' });
    expect((await post(unknownCard)).statusCode).toBe(200);
    expect((await post(unknownPlace)).statusCode).toBe(200);
    await t.app.cardNetwork.applier.idle();
    const rows = await t.database.db.select().from(cardNetworkInbox);
    expect(rows.find((r) => r.eventId === unknownCard.id)).toMatchObject({ outcome: 'unknownCard' });
    expect(rows.find((r) => r.eventId === unknownPlace.id)).toMatchObject({ outcome: 'unknownLocation' });
    expect(await t.database.db.select().from(dines).where(and(eq(dines.transactionId, unknownCard.transactionId)))).toHaveLength(0);
    expect(await t.database.db.select().from(dines).where(eq(dines.transactionId, unknownPlace.transactionId))).toHaveLength(0);
  });

  it('is not under the per-address API limit (a network posts from few addresses)', async () => {
    const limited = await createTestApp({ rateLimitMax: 3 });
    try {
      for (let i = 0; i < 6; i++) {
        const raw = JSON.stringify(event());
        const res = await limited.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, payload: raw, headers: { host: 'localhost', 'content-type': 'application/json', ...signCardEvent(limited.config.cardEventsSecret, raw) } });
        expect(res.statusCode).toBe(200);
      }
      const others = await Promise.all(Array.from({ length: 5 }, () => limited.request('delta', { method: 'GET', url: '/api/CSRF' })));
      expect(others.map((r) => r.statusCode)).toContain(429);
    } finally {
      await limited.close();
    }
  });

  it('is documented in the OpenAPI document with its headers and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: 'localhost' } })).json<{ paths: Record<string, { post: { responses: Record<string, unknown>; parameters: Array<{ name: string; in: string }>; security: unknown[] } }> }>();
    const op = doc.paths[CARD_NETWORK_EVENTS_PATH]!.post;
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '408', '413', '415', '431', '503']);
    expect(op.parameters.filter((p) => p.in === 'header').map((p) => p.name).sort()).toEqual(['x-card-network-signature', 'x-card-network-timestamp']);
    expect(op.security).toEqual([]);
  });
});
