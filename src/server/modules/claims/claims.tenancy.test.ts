import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberRewards, members, merchants, partners, rewardClaims, type PartnerRow } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { demoPublicId } from '../../demo/members';
import { AppError } from '../../lib/app-error';
import { resolveClaim, reviewClaims } from './claims.service';

/**
 * Tenancy of the claims service without a route in between (issue 31 item 3): the review queue
 * and the resolution are called directly with another partner's ids, so a dropped partner filter
 * in the service or the repository fails here even where a route's own guard would hide it. The
 * console's and the command line's queue (claims-cli.ts list) both call reviewClaims.
 */
let database: Database;
let hilton: PartnerRow;
let caesars: PartnerRow;
let merchantId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const all = await database.db.select().from(partners);
  hilton = all.find((p) => p.code === 'hilton')!;
  caesars = all.find((p) => p.code === 'caesars')!;
  merchantId = (await database.db.select({ id: merchants.id }).from(merchants).limit(1))[0]!.id;
});
afterAll(async () => { await database.close(); });

const byId = () => new Map([[hilton.id, hilton], [caesars.id, caesars]]);

/** A claim waiting in review for a demo member of the partner. */
async function inReview(partner: PartnerRow, cents: number, finding = 'borderline') {
  const [member] = await database.db.select().from(members).where(eq(members.publicId, demoPublicId(partner.code, 'select-card')));
  const [row] = await database.db.insert(rewardClaims).values({
    partnerId: partner.id, memberId: member!.id, cardType: 'Visa', cardLastFour: '4242', merchantId, dineDate: '2026-10-01', amountCents: cents,
    status: 'InReview', finding, matchScore: 55, reviewNote: 'Tenancy test',
  }).returning();
  return row!;
}

describe('the review queue, called directly', () => {
  it("lists only the partners asked for: never another partner's claim", async () => {
    const own = await inReview(hilton, 1111);
    const other = await inReview(caesars, 2222);
    const hiltonQueue = (await reviewClaims(database.db, { partners: byId(), partnerIds: [hilton.id], limit: 500 })).map((c) => c.id);
    expect(hiltonQueue).toContain(own.id);
    expect(hiltonQueue).not.toContain(other.id);
    const caesarsQueue = (await reviewClaims(database.db, { partners: byId(), partnerIds: [caesars.id], limit: 500 })).map((c) => c.id);
    expect(caesarsQueue).toContain(other.id);
    expect(caesarsQueue).not.toContain(own.id);
    // No partner at all: nothing (a staff member with none), not everything.
    expect(await reviewClaims(database.db, { partners: byId(), partnerIds: [], limit: 500 })).toEqual([]);
  });

  it('filters before its limit: a claim behind older ones is found by its filter', async () => {
    await inReview(hilton, 3331);
    await inReview(hilton, 3332);
    const newest = await inReview(hilton, 3333, 'notSettled');
    const first = await reviewClaims(database.db, { partners: byId(), partnerIds: [hilton.id], limit: 1 });
    expect(first).toHaveLength(1);
    expect(first[0]!.id).not.toBe(newest.id);
    const filtered = await reviewClaims(database.db, { partners: byId(), partnerIds: [hilton.id], filter: { finding: 'notSettled' }, limit: 1 });
    expect(filtered.map((c) => c.id)).toEqual([newest.id]);
  });
});

describe('resolving a claim, called directly', () => {
  it("refuses another partner's claim (404) and changes nothing: no reward, still in review", async () => {
    const other = await inReview(caesars, 4444);
    for (const resolution of ['award', 'reject'] as const) {
      const attempt = resolveClaim(database.db, { partner: hilton, claimId: other.id, resolution, note: 'Not ours' });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
    }
    const [after] = await database.db.select().from(rewardClaims).where(eq(rewardClaims.id, other.id));
    expect(after).toMatchObject({ status: 'InReview', resolution: null, rewardId: null });
    expect(await database.db.select().from(memberRewards).where(and(eq(memberRewards.memberId, other.memberId), eq(memberRewards.sourceCode, 'M')))).toEqual([]);
    // Its own partner resolves it.
    const done = await resolveClaim(database.db, { partner: caesars, claimId: other.id, resolution: 'award' });
    expect(done).toMatchObject({ status: 'Resolved', resolution: 'awarded' });
  });
});
