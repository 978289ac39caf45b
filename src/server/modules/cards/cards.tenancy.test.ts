import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberCards, members, partnerCards, partners, type MemberRow, type PartnerRow } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { AppError } from '../../lib/app-error';
import { memberWithCards } from '../card-network/test-fixtures';
import { cardHolder, countMemberCards, deleteAllMemberCards, deleteMemberCard, listMemberCards, listPartnerCards } from './cards.repo';
import { closeMemberAccount, deleteCard, memberCardList, partnerCardList } from './cards.service';

/**
 * Tenancy of a member's cards without a route in between (issue 31 item 3): listed, counted,
 * found by fingerprint, deleted and the account closed, called directly with member X's id and
 * partner B's id (and B's member with X's partner): nothing of X's is answered or changed.
 */
let database: Database;
let a: PartnerRow;
let b: PartnerRow;
let x: MemberRow;
let y: MemberRow;
const db = () => database.db;

async function memberOf(partner: PartnerRow): Promise<MemberRow> {
  const { memberId } = await memberWithCards(db(), { partnerId: partner.id, cards: 2 });
  const [card] = await db().select().from(memberCards).where(eq(memberCards.memberId, memberId)).limit(1);
  await db().insert(partnerCards).values({ partnerId: partner.id, memberId, cardType: 'Visa', lastFour: card!.lastFour, description: 'Partner Visa', fingerprint: card!.fingerprint });
  return (await db().select().from(members).where(eq(members.id, memberId)))[0]!;
}
const cardsOf = (memberId: number) => db().select().from(memberCards).where(eq(memberCards.memberId, memberId)).orderBy(asc(memberCards.id));
const memberRow = async (id: number) => (await db().select().from(members).where(eq(members.id, id)))[0]!;
async function expect404(attempt: Promise<unknown>) {
  await expect(attempt).rejects.toBeInstanceOf(AppError);
  await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Hilton (A) and Caesars (B), both loading partner cards here, so partnerCardList is offered on both.
  await db().update(partners).set({ hasPartnerLoadedCards: true }).where(inArray(partners.code, ['hilton', 'caesars']));
  const all = await db().select().from(partners);
  a = all.find((p) => p.code === 'hilton')!;
  b = all.find((p) => p.code === 'caesars')!;
  x = await memberOf(a);
  y = await memberOf(b);
});
afterAll(async () => { await database.close(); });

const crossed = () => [{ partnerId: b.id, memberId: x.id }, { partnerId: a.id, memberId: y.id }];

describe('the cards repository, called directly', () => {
  it("lists, counts and finds each member's own cards (the control)", async () => {
    const own = { partnerId: a.id, memberId: x.id };
    const xCards = await cardsOf(x.id);
    expect(xCards).toHaveLength(2);
    expect((await listMemberCards(db(), own)).map((c) => c.id)).toEqual(xCards.map((c) => c.id));
    expect(await listPartnerCards(db(), own)).toHaveLength(1);
    expect(await countMemberCards(db(), own)).toBe(2);
    expect(await cardHolder(db(), a.id, [xCards[0]!.fingerprint])).toMatchObject({ memberId: x.id, id: xCards[0]!.id });
  });

  it('lists, counts, finds and deletes nothing for a member asked for with another partner (either way round)', async () => {
    const xCards = await cardsOf(x.id);
    const yCards = await cardsOf(y.id);
    expect(xCards).toHaveLength(2);
    expect(yCards).toHaveLength(2);
    for (const owner of crossed()) {
      expect(await listMemberCards(db(), owner)).toEqual([]);
      expect(await listPartnerCards(db(), owner)).toEqual([]);
      expect(await countMemberCards(db(), owner)).toBe(0);
      for (const card of [...xCards, ...yCards]) expect(await deleteMemberCard(db(), { ...owner, id: card.id })).toBeUndefined();
      expect(await deleteAllMemberCards(db(), owner)).toBe(0);
    }
    // X's card is not found under partner B (a card's holder is per partner).
    expect(await cardHolder(db(), b.id, [xCards[0]!.fingerprint])).toBeUndefined();
    expect(await cardsOf(x.id)).toEqual(xCards);
    expect(await cardsOf(y.id)).toEqual(yCards);
  });
});

describe('the cards service, called directly', () => {
  it("shows, deletes and closes nothing of a member under another partner: X's cards and account unchanged", async () => {
    const xCards = await cardsOf(x.id);
    const xBefore = await memberRow(x.id);
    expect(xCards).toHaveLength(2);
    expect(xBefore).toMatchObject({ active: true, memberType: 'EnrolledCardMember' });

    expect(await memberCardList(db(), { partner: b, member: x })).toEqual([]);
    expect(await partnerCardList(db(), { partner: b, member: x })).toEqual([]);
    for (const card of xCards) await expect404(deleteCard(db(), { partner: b, member: x, id: card.id }));
    // The console's close: partner B named with member X closes nothing.
    await expect404(closeMemberAccount(db(), { partnerId: b.id, memberId: x.id }));

    expect(await cardsOf(x.id)).toEqual(xCards);
    expect(await memberRow(x.id)).toEqual(xBefore);
    // The right pairing sees its own cards.
    expect(await memberCardList(db(), { partner: a, member: x })).toHaveLength(2);
  });
});
