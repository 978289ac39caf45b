import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { partners, redemptions, type MemberRow } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { PAYOUT_BREAKPOINT_CENTS } from '#shared/constants/rewards';
import { payStatementCredits } from './payouts';
import { balanceCents } from '../redemptions';
import { insertDine, memberByPublicId } from './rewards.test-fixtures';

/**
 * The payout breakpoint on each side (issue 31 item 2): a cash-back balance of exactly the
 * partner's breakpoint is paid as a statement credit, one cent less waits; the partner's own
 * breakpoint (the console's setting) is the one used, not the programme's default.
 */
let database: Database;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database.close(); });

const db = () => database.db;
const member = (partner: string, slug: string) => memberByPublicId(db(), demoPublicId(partner, slug));
const creditsOf = (m: MemberRow) => db().select().from(redemptions).where(eq(redemptions.memberId, m.id));

describe('the payout breakpoint', () => {
  it("pays a balance of exactly the breakpoint, not one a cent below; a partner's own breakpoint is the one used", async () => {
    const below = await member('nosh', 'basic-card');
    const at = await member('nosh', 'select-card');
    // Whatever the demo data left due is paid first, so each balance is only what is added here.
    await payStatementCredits(db());
    const before = { below: (await creditsOf(below)).length, at: (await creditsOf(at)).length };
    // Each balance brought to one cent below the breakpoint, and to the breakpoint exactly.
    const balance = (m: MemberRow) => balanceCents(db(), { partnerId: m.partnerId, memberId: m.id });
    await insertDine(db(), below, { status: 'Awarded', reward: PAYOUT_BREAKPOINT_CENTS - 1 - await balance(below) });
    await insertDine(db(), at, { status: 'Awarded', reward: PAYOUT_BREAKPOINT_CENTS - await balance(at) });
    expect([await balance(below), await balance(at)]).toEqual([PAYOUT_BREAKPOINT_CENTS - 1, PAYOUT_BREAKPOINT_CENTS]);
    await payStatementCredits(db());
    expect((await creditsOf(below)).length).toBe(before.below);
    const paid = await creditsOf(at);
    expect(paid.length).toBe(before.at + 1);
    expect(paid.map((c) => c.amountCents)).toContain(PAYOUT_BREAKPOINT_CENTS);

    // The partner lowers its breakpoint by a cent: the waiting balance is now due.
    await db().update(partners).set({ payoutBreakpointCents: PAYOUT_BREAKPOINT_CENTS - 1 }).where(eq(partners.code, 'nosh'));
    await payStatementCredits(db());
    const now = await creditsOf(below);
    expect(now.length).toBe(before.below + 1);
    expect(now.map((c) => c.amountCents)).toContain(PAYOUT_BREAKPOINT_CENTS - 1);
  });
});
