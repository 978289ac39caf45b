import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { memberCards, members, notifications, outbox } from '../../db/schema';
import { encryptCardNumber, framePublicKey, newSignedInMember, solvedCaptcha, withLuhnDigit } from '../../test/cards';
import { TestBrowser } from '../../test/browser';
import { CARD_ERRORS } from './cards.service';

/**
 * A card moved between programmes (docs/api-cards.md): a card that earns in another partner's
 * programme of this deployment answers 409 cardInOtherProgramme until the member confirms; then it
 * moves and the other programme's member is e-mailed.
 */

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = await framePublicKey(t);
});
afterAll(async () => { await t.close(); });

const manual = (digits: string) => ({ encryptedCardNumber: encryptCardNumber(key, digits), lastFour: digits.slice(-4), cardType: 'Visa' });
async function link(b: TestBrowser, numbers: string[], over: Record<string, unknown> = {}) {
  return b.send({
    method: 'POST', url: '/api/Member/Cards',
    payload: { creditCards: numbers.map(manual), directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: await solvedCaptcha(t, b.partner), ...over },
  });
}
const cardsOf = (memberId: number) => t.database.db.select().from(memberCards).where(eq(memberCards.memberId, memberId)).orderBy(asc(memberCards.id));
const memberRow = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0]!;
const mailsOf = (memberId: number) => t.database.db.select().from(outbox).where(eq(outbox.memberId, memberId)).orderBy(asc(outbox.id));

let serial = 0;
const newNumber = () => withLuhnDigit(`4000007700${String(process.pid % 1000).padStart(3, '0')}${String(++serial).padStart(2, '0')}`);

describe('POST /api/Member/Cards with a card of another programme', () => {
  it('asks first (409, the other programme by name and nothing else), links nothing; confirmed, moves it and mails the other member once', async () => {
    const number = newNumber();
    const holder = await newSignedInMember(t, 'delta');
    expect((await link(holder.browser, [number])).statusCode).toBe(200);

    const mover = await newSignedInMember(t, 'hilton');
    const asked = await link(mover.browser, [number]);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      statusCode: 409, error: 'Conflict', code: 'cardInOtherProgramme',
      message: 'This card earns with SkyRewards Dining today; linking it here moves it.',
      fieldErrors: [{ field: 'creditCards.0', message: 'This card earns with SkyRewards Dining today; linking it here moves it.' }],
    });
    // Nothing of the other member: not their name, e-mail, public id or card id.
    for (const secret of [holder.member.email, holder.member.publicId, holder.member.firstName, String((await cardsOf(holder.member.id))[0]!.id)]) {
      expect(asked.body).not.toContain(secret);
    }
    expect(await cardsOf(mover.member.id)).toEqual([]);
    expect(await cardsOf(holder.member.id)).toHaveLength(1);
    // confirmMove false is the same as absent.
    expect((await link(mover.browser, [number], { confirmMove: false })).statusCode).toBe(409);

    const moved = await link(mover.browser, [number], { confirmMove: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ cardRegistration: [{ memberCard: { id: expect.any(Number), cardType: 'Visa', lastFour: number.slice(-4), description: 'Visa' }, error: null }] });
    expect(await cardsOf(mover.member.id)).toHaveLength(1);
    expect(await cardsOf(holder.member.id)).toEqual([]);
    expect(await memberRow(mover.member.id)).toMatchObject({ memberType: 'EnrolledCardMember' });
    // Their only card left: a member without a card, the account open.
    expect(await memberRow(holder.member.id)).toMatchObject({ memberType: 'NonCardMember', active: true });

    const mails = await mailsOf(holder.member.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: holder.member.email, subject: `Your card ending in ${number.slice(-4)} now earns elsewhere` });
    expect(mails[0]!.textBody).toContain(`Your Visa ending in ${number.slice(-4)} was linked to another dining programme, so it no longer earns with SkyRewards Dining.`);
    expect(mails[0]!.textBody).toMatch(/Link a card: http:\/\/delta\.localhost(:\d+)?\/add_card\n/);
    // Where it went and who took it is not told.
    expect(mails[0]!.textBody).not.toMatch(/Hilton|Forum|hilton/);
    expect(await mailsOf(mover.member.id)).toEqual([]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.memberId, holder.member.id));
    expect(rows.map((r) => [r.kind, r.status, r.payload])).toEqual([['cardMoved', 'sent', { cardType: 'Visa', lastFour: number.slice(-4) }]]);

    // Moved back: the delta member is told hilton's programme name, and the hilton member is mailed in turn.
    const back = await link(holder.browser, [number]);
    expect(back.statusCode).toBe(409);
    expect(back.json<{ message: string }>().message).toMatch(/^This card earns with .+ today; linking it here moves it\.$/);
    expect((await link(holder.browser, [number], { confirmMove: true })).statusCode).toBe(200);
    expect(await cardsOf(mover.member.id)).toEqual([]);
    expect((await mailsOf(mover.member.id)).map((m) => m.subject)).toEqual([`Your card ending in ${number.slice(-4)} now earns elsewhere`]);
    expect(await mailsOf(holder.member.id)).toHaveLength(1);
  });

  it('several cards: each named; a member keeping other cards stays a card member', async () => {
    const [a, b, c] = [newNumber(), newNumber(), newNumber()];
    const holder = await newSignedInMember(t, 'delta');
    expect((await link(holder.browser, [a, b])).statusCode).toBe(200);
    const mover = await newSignedInMember(t, 'caesars');
    const asked = await link(mover.browser, [c, a]);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      message: `Your Visa ending in ${a.slice(-4)} earns with SkyRewards Dining today; linking it here moves it.`,
      fieldErrors: [{ field: 'creditCards.1', message: `Your Visa ending in ${a.slice(-4)} earns with SkyRewards Dining today; linking it here moves it.` }],
    });
    // Nothing linked, not even the card that is nobody's.
    expect(await cardsOf(mover.member.id)).toEqual([]);
    expect((await link(mover.browser, [c, a], { confirmMove: true })).statusCode).toBe(200);
    expect((await cardsOf(mover.member.id)).map((x) => x.lastFour)).toEqual([c.slice(-4), a.slice(-4)]);
    expect((await cardsOf(holder.member.id)).map((x) => x.lastFour)).toEqual([b.slice(-4)]);
    expect(await memberRow(holder.member.id)).toMatchObject({ memberType: 'EnrolledCardMember' });
    expect(await mailsOf(holder.member.id)).toHaveLength(1);
  });

  it('own member and same programme: no notice, the refusals of today (already linked; linked to another member)', async () => {
    const number = newNumber();
    const first = await newSignedInMember(t, 'jetblue');
    expect((await link(first.browser, [number])).statusCode).toBe(200);
    const mine = await link(first.browser, [number]);
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toMatchObject({ cardRegistration: [{ error: { code: 'ALREADY_LINKED' } }] });
    const other = await newSignedInMember(t, 'jetblue');
    const taken = await link(other.browser, [number], { confirmMove: true });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ cardRegistration: [{ error: { code: 'LINKED_TO_OTHER_MEMBER', message: CARD_ERRORS.LINKED_TO_OTHER_MEMBER } }] });
    expect(await cardsOf(first.member.id)).toHaveLength(1);
    // Held in this programme and in another: the member here keeps it, no notice for the other.
    const elsewhere = await newSignedInMember(t, 'ihg');
    expect((await link(elsewhere.browser, [number], { confirmMove: true })).statusCode).toBe(200);
    const again = await link(other.browser, [number]);
    expect(again.statusCode).toBe(409);
  });

  it('a closed account elsewhere is not mailed', async () => {
    const number = newNumber();
    const holder = await newSignedInMember(t, 'delta');
    expect((await link(holder.browser, [number, newNumber()])).statusCode).toBe(200);
    await t.database.db.update(members).set({ memberType: 'ClosedAccountMember', active: false }).where(eq(members.id, holder.member.id));
    const mover = await newSignedInMember(t, 'hilton');
    expect((await link(mover.browser, [number], { confirmMove: true })).statusCode).toBe(200);
    expect(await mailsOf(holder.member.id)).toEqual([]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.memberId, holder.member.id));
    expect(rows.map((r) => [r.status, r.skipReason])).toEqual([['skipped', 'accountClosed']]);
  });

  it('visitor 401, missing anti-forgery token 403, a confirmMove that is not a boolean 400', async () => {
    const number = newNumber();
    const payload = { creditCards: [manual(number)], directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: await solvedCaptcha(t, 'hilton'), confirmMove: true };
    const anon = new TestBrowser(t, 'hilton');
    expect((await anon.send({ method: 'POST', url: '/api/Member/Cards', payload })).statusCode).toBe(401);
    const { browser } = await newSignedInMember(t, 'hilton');
    const noToken = await t.request('hilton', { method: 'POST', url: '/api/Member/Cards', payload, headers: { cookie: browser.cookieHeader() } });
    expect(noToken.statusCode).toBe(403);
    const bad = await link(browser, [number], { confirmMove: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: [{ field: 'confirmMove' }] });
  });

  it("another partner's host: the session does not carry over, and the notice there names only this programme", async () => {
    const number = newNumber();
    const holder = await newSignedInMember(t, 'delta');
    expect((await link(holder.browser, [number])).statusCode).toBe(200);
    // The delta session sent to hilton's host is a visitor there.
    const res = await holder.browser.send({
      method: 'POST', url: '/api/Member/Cards', host: 'hilton',
      payload: { creditCards: [manual(number)], directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: await solvedCaptcha(t, 'hilton'), confirmMove: true },
    });
    expect([401, 403]).toContain(res.statusCode);
    expect(await cardsOf(holder.member.id)).toHaveLength(1);
  });
});
