import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { cardNetworkInbox, parkedRefunds, staff } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { AppError } from '../lib/app-error';
import { drainInbox } from '../modules/card-network/engine';
import { memberWithCards, partnerId, receive, setTerms } from '../modules/card-network/test-fixtures';
import { newTransactionId, refundEvent } from '../modules/rewards/card-events';
import type { PartnerScope } from '#shared/rules/ops-permissions';
import { applyCardEventAgain, cardEvent, dismissCardEvent, listCardEvents } from './events';

/**
 * Tenancy of the console's card events without a route in between (issue 31 item 3): a refund
 * parked for a member of partner B (Caesars) is listed, read, applied again and dismissed with a
 * scope of partner A (Hilton) only, called directly: never listed, 404 otherwise, its inbox row
 * and its parked refund unchanged.
 */
let database: Database;
let hilton: number;
let caesars: number;
let staffId: number;
const db = () => database.db;
const scopeOf = (...ids: number[]): PartnerScope => ({ allPartners: false, partnerIds: ids });

beforeAll(async () => {
  database = await createTestDatabase();
  hilton = await partnerId(db(), 'hilton');
  caesars = await partnerId(db(), 'caesars');
  await setTerms(db(), 1);
  const [row] = await db().insert(staff).values({ email: `events-${randomUUID()}@tenancy.example.com`, name: 'Tenancy', role: 'administrator', allPartners: true, status: 'active' }).returning();
  staffId = row!.id;
});
afterAll(async () => { await database.close(); });

/** A refund parked with no purchase for a new member of the partner (through the engine's inbox and drain). */
async function parkedFor(partner: number): Promise<string> {
  const m = await memberWithCards(db(), { partnerId: partner });
  const refund = refundEvent({ transactionId: newTransactionId('tn'), cardToken: m.tokens[0]!, locationId: 'loc-1', localDateTime: '2026-11-20T19:45:00-05:00' }, 1500);
  await receive(db(), [refund]);
  await drainInbox(db());
  return refund.id;
}
const stateOf = async (eventId: string) => ({
  inbox: (await db().select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, eventId)))[0],
  parked: await db().select().from(parkedRefunds).where(eq(parkedRefunds.eventId, eventId)).orderBy(asc(parkedRefunds.id)),
});
async function expect404(attempt: Promise<unknown>) {
  await expect(attempt).rejects.toBeInstanceOf(AppError);
  await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
}

describe('card events of another partner, called directly', () => {
  it('are never listed: not by scope, not when the partner is named, not under a kind', async () => {
    const own = await parkedFor(hilton);
    const other = await parkedFor(caesars);
    const listed = (await listCardEvents(db(), { scope: scopeOf(hilton) })).map((e) => e.eventId);
    expect(listed).toContain(own);
    expect(listed).not.toContain(other);
    expect((await listCardEvents(db(), { scope: scopeOf(hilton), kind: 'parked' })).map((e) => e.eventId)).not.toContain(other);
    // Naming partner B does not widen a scope of A (the route checks the code too; the service must not rely on it).
    expect(await listCardEvents(db(), { scope: scopeOf(hilton), partnerId: caesars })).toEqual([]);
    expect(await listCardEvents(db(), { scope: scopeOf() })).toEqual([]);
    expect((await listCardEvents(db(), { scope: scopeOf(caesars) })).map((e) => e.eventId)).toContain(other);
  });

  it('are not readable, applied again or dismissed (404): the inbox row and the parked refund stay as they were', async () => {
    const other = await parkedFor(caesars);
    const before = await stateOf(other);
    expect(before.inbox).toMatchObject({ outcome: 'parked', dismissedAt: null, processedAt: expect.any(Date) });
    expect(before.parked).toHaveLength(1);
    expect(before.parked[0]).toMatchObject({ resolvedAt: null });

    await expect404(cardEvent(db(), scopeOf(hilton), other));
    await expect404(applyCardEventAgain(db(), { scope: scopeOf(hilton), eventId: other }));
    await expect404(dismissCardEvent(db(), { scope: scopeOf(hilton), eventId: other, staffId, reason: 'Not ours to dismiss' }));
    expect(await stateOf(other)).toEqual(before);

    // Its own partner's staff see and dismiss it.
    expect((await cardEvent(db(), scopeOf(caesars), other)).event).toMatchObject({ eventId: other, kind: 'parked' });
    const done = await dismissCardEvent(db(), { scope: scopeOf(caesars), eventId: other, staffId, reason: 'A test refund' });
    expect(done.after).toMatchObject({ eventId: other, status: 'dismissed' });
  });
});
