import { describe, expect, it } from 'vitest';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import type { Db } from '../../db/client';
import { createInboxWriter } from './inbox-writer';

const event = (id: string): CardNetworkEvent => ({
  id, type: 'auth', transactionId: `t-${id}`, cardToken: 'ntk_1', amountCents: 1200, currency: 'USD',
  merchantLocationId: 'loc-1', localDateTime: '2026-11-20T19:45:00-05:00', onlineOrder: false,
});

/** A fake inbox: stores ids, records each statement's group, and can be held or made to fail. */
function fakeInbox() {
  const stored = new Set<string>();
  const statements: string[][] = [];
  let hold: Promise<void> | undefined;
  let failWhen: ((ids: string[]) => Error | undefined) | undefined;
  const insert = async (events: readonly CardNetworkEvent[]) => {
    const ids = events.map((e) => e.id);
    statements.push(ids);
    if (hold) await hold;
    const err = failWhen?.(ids);
    if (err) throw err;
    const fresh = new Set(ids.filter((id) => !stored.has(id)));
    for (const id of fresh) stored.add(id);
    return fresh;
  };
  return {
    stored, statements, insert,
    holdNext: () => { let release!: () => void; hold = new Promise((r) => { release = r; }); return () => { hold = undefined; release(); }; },
    failWhen: (f: typeof failWhen) => { failWhen = f; },
  };
}

const noDb = {} as Db;

describe('inbox writer (receipt in groups)', () => {
  it('stores the events of one turn in one statement, each answered with its own duplicate flag', async () => {
    const inbox = fakeInbox();
    inbox.stored.add('old');
    const writer = createInboxWriter(noDb, { insert: inbox.insert });
    const answers = await Promise.all(['a', 'b', 'old', 'a'].map((id) => writer.write(event(id))));
    expect(inbox.statements).toEqual([['a', 'b', 'old']]);
    // The same id twice in a group (a retry racing the original): the first stores it.
    expect(answers).toEqual([{ duplicate: false }, { duplicate: false }, { duplicate: true }, { duplicate: true }]);
  });

  it('keeps one statement on its way: what arrives meanwhile waits and goes in the next, together', async () => {
    const inbox = fakeInbox();
    const writer = createInboxWriter(noDb, { insert: inbox.insert });
    const release = inbox.holdNext();
    const first = writer.write(event('1'));
    await new Promise((r) => setImmediate(r));
    expect(inbox.statements).toEqual([['1']]);
    const later = ['2', '3', '4'].map((id) => writer.write(event(id)));
    // The writer pumps on setImmediate: a few turns after its own (they run in order) it has had its chance to send.
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    // Nothing else is sent while the first is on its way, and nothing is answered before its commit.
    expect(inbox.statements).toEqual([['1']]);
    let answered = false;
    void first.then(() => { answered = true; });
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    release();
    await first;
    await Promise.all(later);
    expect(inbox.statements).toEqual([['1'], ['2', '3', '4']]);
    expect([...inbox.stored].sort()).toEqual(['1', '2', '3', '4']);
  });

  it('sends at most maxBatch events in one statement', async () => {
    const inbox = fakeInbox();
    const writer = createInboxWriter(noDb, { insert: inbox.insert, maxBatch: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => writer.write(event(id))));
    expect(inbox.statements).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('sends a failed group again in halves, so only the event the database refuses fails', async () => {
    const inbox = fakeInbox();
    inbox.failWhen((ids) => (ids.includes('bad') ? new Error('value too long') : undefined));
    const writer = createInboxWriter(noDb, { insert: inbox.insert });
    const results = await Promise.allSettled(['a', 'b', 'bad', 'c'].map((id) => writer.write(event(id))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(inbox.statements).toEqual([['a', 'b', 'bad', 'c'], ['a', 'b'], ['bad', 'c'], ['bad'], ['c']]);
    expect([...inbox.stored].sort()).toEqual(['a', 'b', 'c']);
  });

  it('finds one bad event among 500 in a few dozen statements, not 500', async () => {
    const inbox = fakeInbox();
    inbox.failWhen((ids) => (ids.includes('e-321') ? new Error('value too long') : undefined));
    const writer = createInboxWriter(noDb, { insert: inbox.insert });
    const ids = Array.from({ length: 500 }, (_, i) => `e-${i}`);
    const results = await Promise.allSettled(ids.map((id) => writer.write(event(id))));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(inbox.stored.size).toBe(499);
    expect(inbox.statements.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(500)) + 1);
  });

  it('does not retry one by one when the database is away: every event of the group fails at once (503)', async () => {
    const inbox = fakeInbox();
    inbox.failWhen(() => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const writer = createInboxWriter(noDb, { insert: inbox.insert });
    const results = await Promise.allSettled(['a', 'b'].map((id) => writer.write(event(id))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(inbox.statements).toEqual([['a', 'b']]);
    // The writer goes on once the database is back.
    inbox.failWhen(undefined);
    await expect(writer.write(event('a'))).resolves.toEqual({ duplicate: false });
  });
});
