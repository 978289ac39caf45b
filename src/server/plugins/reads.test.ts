import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { newSignedInMember } from '../test/cards';
import type { TestBrowser } from '../test/browser';
import { sessions } from '../db/schema';
import { hashToken } from './session';
import { lsnValue, type ReadRouter } from '../db/replicas';
import type { Db } from '../db/client';

/**
 * Read-your-writes at the request level (plugins/reads.ts), on either database: a router that
 * says it has replicas records the position each read must be past; reads run on the primary.
 */
function recordingRouter(primary: Db, afters: Array<bigint | null>): ReadRouter {
  return {
    replicated: true,
    run: (fn, opts = {}) => {
      afters.push(opts.after ?? null);
      return fn(primary);
    },
    stats: () => ({ replicas: [], primaryReads: afters.length, ownWriteReads: 0, retriedOnPrimary: 0 }),
    close: async () => undefined,
  };
}

const writeLsnOf = async (t: TestApp, browser: TestBrowser) => {
  const [row] = await t.database.db.select({ writeLsn: sessions.writeLsn }).from(sessions).where(eq(sessions.id, hashToken(browser.sessionCookie()!)));
  return row?.writeLsn ?? null;
};

describe('with replicas: a member reads past their own last change', () => {
  let t: TestApp;
  const afters: Array<bigint | null> = [];
  beforeAll(async () => {
    t = await createTestApp({ reads: (db) => recordingRouter(db, afters) });
  });
  afterAll(async () => t?.close());

  it('keeps the WAL position after each change in the session, and binds the member\'s reads to it', async () => {
    const { browser } = await newSignedInMember(t, 'nosh');
    // Signing in is a change: the new session carries its position.
    const signedIn = lsnValue(await writeLsnOf(t, browser));
    expect(signedIn).not.toBeNull();

    afters.length = 0;
    expect((await browser.send({ method: 'GET', url: '/api/Member/Favorites' })).statusCode).toBe(200);
    // (The search index's own refreshes read with no position, at any time: left out.)
    expect(afters.filter((a) => a !== null)).toEqual([signedIn]);

    const merchantId = 1;
    expect([200, 201]).toContain((await browser.send({ method: 'PUT', url: `/api/Member/Favorites/${merchantId}` })).statusCode);
    const afterPut = lsnValue(await writeLsnOf(t, browser));
    expect(afterPut! > signedIn!).toBe(true);

    afters.length = 0;
    const list = await browser.send({ method: 'GET', url: '/api/Member/Favorites' });
    expect(list.statusCode).toBe(200);
    expect(afters.filter((a) => a !== null)).toEqual([afterPut]);
    // A GET writes no position: the next read is bound to the same one.
    expect(lsnValue(await writeLsnOf(t, browser))).toBe(afterPut);
  });

  it('sends a visitor\'s reads to any fresh replica (no position)', async () => {
    afters.length = 0;
    const res = await t.request('nosh', { method: 'GET', url: '/api/merchants/1' });
    expect(res.statusCode).toBe(200);
    expect(afters.length).toBeGreaterThan(0);
    expect(afters.filter((a) => a !== null)).toEqual([]);
  });
});

describe('without replicas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('writes no position into the session', async () => {
    const { browser } = await newSignedInMember(t, 'nosh');
    expect([200, 201]).toContain((await browser.send({ method: 'PUT', url: '/api/Member/Favorites/1' })).statusCode);
    expect(await writeLsnOf(t, browser)).toBeNull();
    expect(t.app.reads.replicated).toBe(false);
  });
});
