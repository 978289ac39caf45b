import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createChallenge } from 'altcha-lib/v1';
import { createTestApp, type TestApp } from '../../test/app';
import { appSecrets, memberCards, members, partnerCards } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { seedNumbers } from '../../demo/partner-cards';
import { acceptedBrandsMessage } from '#shared/rules/card';
import { MAX_CARDS_PER_MEMBER } from '#shared/constants/card';
import type { Card } from '#shared/schemas/card';
import { CAPTCHA_MESSAGE } from './captcha';
import { cardFingerprint, FINGERPRINT_SECRET } from './card-crypto';
import { CARD_ERRORS } from './cards.service';
import { CARD_OPT_IN_REQUIRED, CARD_TERMS_REQUIRED } from '#shared/schemas/card';
import { activationStep, type KnownVisitor } from '#shared/rules/activation';
import { hashPassword } from '../../lib/passwords';
import { DEMO_PASSWORD } from '../../demo/members';
import { encryptCardNumber, framePublicKey, newSignedInMember, solvedCaptcha, withLuhnDigit } from '../../test/cards';
import { TestBrowser } from '../../test/browser';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = await framePublicKey(t);
});
afterAll(async () => { await t.close(); });

const VISA = '4111111111111111';
const VISA2 = '4242424242424242';
const MC = '5555555555554444';
const AMEX = '378282246310005';
const DISC = '6011111111111117';

const manual = (digits: string, over: Partial<{ lastFour: string; cardType: string; encryptedCardNumber: string }> = {}) => ({
  encryptedCardNumber: encryptCardNumber(key, digits),
  lastFour: digits.slice(-4),
  cardType: digits.startsWith('4') ? 'Visa' : digits.startsWith('3') ? 'Amex' : digits.startsWith('6') ? 'Discover' : 'Mastercard',
  ...over,
});

type AddCardsBody = { creditCards: unknown[]; directFileFeedOptIn: unknown; termsAccepted: unknown; gRecaptchaResponse: string };
async function addCards(b: TestBrowser, creditCards: unknown[], over: Partial<AddCardsBody> = {}) {
  const payload: Record<string, unknown> = { creditCards, directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: await solvedCaptcha(t, b.partner), ...over };
  // undefined: left out of the request.
  for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
  return b.send({ method: 'POST', url: '/api/Member/Cards', payload });
}
type Registration = { cardRegistration: Array<{ memberCard: { id: number | null; cardType: string; lastFour: string; description: string }; error: { code: string; message: string } | null }> };
const codes = (body: Registration) => body.cardRegistration.map((r) => r.error?.code ?? null);
const memberRow = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0]!;

describe('GET /api/Member/Cards', () => {
  it('answers 401 when anonymous', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/api/Member/Cards' });
    expect(res.statusCode).toBe(401);
  });

  it("lists a seeded card member's linked card", async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    const res = await b.send({ method: 'GET', url: '/api/Member/Cards' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cards = res.json<Card[]>();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toEqual({ id: expect.any(Number), partnerCardId: null, cardType: expect.any(String), lastFour: expect.stringMatching(/^\d{4}$/), description: cards[0]!.cardType });
  });
});

describe('POST /api/Member/Cards', () => {
  it('links manual cards, stores no number, and makes the member a card member', async () => {
    const { browser, member } = await newSignedInMember(t, 'hilton');
    const res = await addCards(browser, [manual(VISA), manual(AMEX)]);
    expect(res.statusCode).toBe(200);
    const body = res.json<Registration>();
    expect(body.cardRegistration).toEqual([
      { memberCard: { id: expect.any(Number), cardType: 'Visa', lastFour: '1111', description: 'Visa' }, error: null },
      { memberCard: { id: expect.any(Number), cardType: 'Amex', lastFour: '0005', description: 'Amex' }, error: null },
    ]);
    const list = (await browser.send({ method: 'GET', url: '/api/Member/Cards' })).json<Card[]>();
    expect(list).toEqual([
      { id: body.cardRegistration[0]!.memberCard.id, partnerCardId: null, cardType: 'Visa', lastFour: '1111', description: 'Visa' },
      { id: body.cardRegistration[1]!.memberCard.id, partnerCardId: null, cardType: 'Amex', lastFour: '0005', description: 'Amex' },
    ]);
    const rows = await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, member.id));
    expect(rows.map((r) => r.directFileFeedOptIn)).toEqual([true, true]);
    for (const r of rows) expect(JSON.stringify(r)).not.toMatch(/4111111111111111|378282246310005/);
    const me = await browser.send({ method: 'GET', url: '/api/Member' });
    expect(me.json<{ memberType: string }>().memberType).toBe('EnrolledCardMember');
  });

  it('refuses a tampered ciphertext, one made with another key, and junk: INVALID_CARD', async () => {
    const { browser, member } = await newSignedInMember(t, 'hilton');
    const good = manual(VISA2);
    const bytes = Buffer.from(good.encryptedCardNumber, 'base64');
    bytes[10] = bytes[10]! ^ 0xff;
    const tampered = { ...good, encryptedCardNumber: bytes.toString('base64') };
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const foreign = { ...good, encryptedCardNumber: encryptCardNumber(other, VISA2) };
    const junk = { ...good, encryptedCardNumber: 'not base64 at all!!' };
    const res = await addCards(browser, [tampered, foreign, junk]);
    expect(res.statusCode).toBe(400);
    const body = res.json<Registration>();
    expect(codes(body)).toEqual(['INVALID_CARD', 'INVALID_CARD', 'INVALID_CARD']);
    expect(body.cardRegistration[0]).toEqual({ memberCard: { id: null, cardType: 'Visa', lastFour: '4242', description: 'Visa' }, error: { code: 'INVALID_CARD', message: CARD_ERRORS.INVALID_CARD } });
    expect(await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, member.id))).toEqual([]);
    expect((await memberRow(member.id)).memberType).toBe('NonCardMember');
  });

  it('refuses a last four or brand that does not match the number, and a number failing Luhn', async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    const res = await addCards(browser, [
      manual(VISA, { lastFour: '9999' }),
      manual(VISA, { cardType: 'Mastercard' }),
      manual('4111111111111112'),
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json<Registration>();
    expect(codes(body)).toEqual(['INVALID_CARD', 'INVALID_CARD', 'INVALID_CARD']);
    expect(body.cardRegistration[2]!.error!.message).toBe('Please check the card number; it is not a valid card number.');
  });

  it('answers 200 with per-card results when only some cards link', async () => {
    const { browser } = await newSignedInMember(t, 'caesars');
    const bad = { ...manual(MC), encryptedCardNumber: encryptCardNumber(key, '12345') };
    const res = await addCards(browser, [manual(MC), bad]);
    expect(res.statusCode).toBe(200);
    expect(codes(res.json<Registration>())).toEqual([null, 'INVALID_CARD']);
  });

  it("refuses a brand the partner does not accept with the 'Card must be …®' message", async () => {
    // T-Mobile accepts Mastercard and Visa only.
    const { browser } = await newSignedInMember(t, 'tmobile');
    const res = await addCards(browser, [manual(AMEX), manual(DISC)]);
    expect(res.statusCode).toBe(400);
    const body = res.json<Registration>();
    expect(codes(body)).toEqual(['BRAND_NOT_ACCEPTED', 'BRAND_NOT_ACCEPTED']);
    expect(body.cardRegistration[0]!.error!.message).toBe(acceptedBrandsMessage(['MAST', 'VISA']));
    expect(body.cardRegistration[0]!.error!.message).toBe('Card must be Visa® or Mastercard®');
  });

  it('refuses duplicates in one submission and across submissions, and a card of another member', async () => {
    const number = withLuhnDigit('401288888888100');
    const { browser } = await newSignedInMember(t, 'jetblue');
    const first = await addCards(browser, [manual(number), manual(number)]);
    expect(first.statusCode).toBe(200);
    expect(codes(first.json<Registration>())).toEqual([null, 'ALREADY_LINKED']);
    expect(first.json<Registration>().cardRegistration[1]!.error!.message).toBe(CARD_ERRORS.ALREADY_LINKED);

    const again = await addCards(browser, [manual(number)]);
    expect(again.statusCode).toBe(400);
    expect(codes(again.json<Registration>())).toEqual(['ALREADY_LINKED']);

    const other = await newSignedInMember(t, 'jetblue');
    const taken = await addCards(other.browser, [manual(number)]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json<Registration>().cardRegistration[0]!.error).toEqual({ code: 'LINKED_TO_OTHER_MEMBER', message: CARD_ERRORS.LINKED_TO_OTHER_MEMBER });

    // Another partner is another programme: linking it there asks first, then moves it (card-move.routes.test.ts).
    const elsewhere = await newSignedInMember(t, 'ihg');
    expect((await addCards(elsewhere.browser, [manual(number)])).statusCode).toBe(409);
    expect((await addCards(elsewhere.browser, [manual(number)], { confirmMove: true } as Partial<AddCardsBody>)).statusCode).toBe(200);
  });

  it('accepts at most 12 cards in one submission', async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    const cards = Array.from({ length: 13 }, (_, i) => manual(withLuhnDigit(`40000012345${String(i).padStart(4, '0')}`)));
    const res = await addCards(browser, cards);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: [{ field: 'creditCards', message: 'You can link at most 12 cards at a time.' }] });
    const twelve = await addCards(browser, cards.slice(0, 12));
    expect(twelve.statusCode).toBe(200);
    expect(codes(twelve.json<Registration>()).length).toBeGreaterThan(0);
    expect(codes(twelve.json<Registration>()).every((c) => c === null)).toBe(true);
  });

  it(`stops at ${MAX_CARDS_PER_MEMBER} cards per member`, async () => {
    const { browser, member } = await newSignedInMember(t, 'choice');
    const partnerId = member.partnerId;
    await t.database.db.insert(memberCards).values(Array.from({ length: MAX_CARDS_PER_MEMBER - 1 }, (_, i) => ({
      partnerId, memberId: member.id, cardType: 'Visa' as const, lastFour: String(1000 + i), description: 'Visa', fingerprint: `test-max-${member.id}-${i}`,
    })));
    const res = await addCards(browser, [manual(withLuhnDigit('400000555500001')), manual(withLuhnDigit('400000555500002'))]);
    expect(res.statusCode).toBe(200);
    const body = res.json<Registration>();
    expect(codes(body)).toEqual([null, 'MAX_CARDS']);
    expect(body.cardRegistration[1]!.error!.message).toBe(CARD_ERRORS.MAX_CARDS);
    const full = await addCards(browser, [manual(withLuhnDigit('400000555500003'))]);
    expect(full.statusCode).toBe(400);
    expect(codes(full.json<Registration>())).toEqual(['MAX_CARDS']);
  });

  it('answers 403 without the anti-forgery token and 401 when anonymous', async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    const payload = { creditCards: [manual(VISA)], directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: await solvedCaptcha(t, 'hilton') };
    const res = await t.request('hilton', { method: 'POST', url: '/api/Member/Cards', payload, headers: { cookie: browser.cookieHeader() } });
    expect(res.statusCode).toBe(403);
    const anon = new TestBrowser(t, 'hilton');
    const anonymous = await anon.send({ method: 'POST', url: '/api/Member/Cards', payload });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the input: terms, at least one card, shapes', async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    const noTerms = await addCards(browser, [manual(VISA)], { termsAccepted: false });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json()).toMatchObject({ fieldErrors: [{ field: 'termsAccepted', message: 'Please accept the terms and conditions.' }] });
    const none = await addCards(browser, []);
    expect(none.json()).toMatchObject({ fieldErrors: [{ field: 'creditCards', message: 'Please enter your credit card number.' }] });
  });

  let refusedSerial = 0;
  it.each([
    ['the file-feed opt-in refused', { directFileFeedOptIn: false }, [{ field: 'directFileFeedOptIn', message: CARD_OPT_IN_REQUIRED }]],
    ['the file-feed opt-in left out', { directFileFeedOptIn: undefined }, [{ field: 'directFileFeedOptIn', message: CARD_OPT_IN_REQUIRED }]],
    ['the file-feed opt-in as a string', { directFileFeedOptIn: 'true' }, [{ field: 'directFileFeedOptIn', message: CARD_OPT_IN_REQUIRED }]],
    ['the terms left out', { termsAccepted: undefined }, [{ field: 'termsAccepted', message: CARD_TERMS_REQUIRED }]],
    ['both refused', { directFileFeedOptIn: false, termsAccepted: false }, [
      { field: 'directFileFeedOptIn', message: CARD_OPT_IN_REQUIRED }, { field: 'termsAccepted', message: CARD_TERMS_REQUIRED },
    ]],
  ] as const)('§5: answers 400 with %s, and stores nothing', async (_name, over, fieldErrors) => {
    for (const partner of ['hilton', 'upromise']) {
      const { browser, member } = await newSignedInMember(t, partner);
      const captcha = await solvedCaptcha(t, partner);
      const card = manual(withLuhnDigit(`4000009999${String(++refusedSerial).padStart(5, '0')}`));
      const res = await addCards(browser, [card], { ...over, gRecaptchaResponse: captcha });
      expect(res.statusCode, partner).toBe(400);
      const body = res.json<{ message: string; fieldErrors: unknown[] }>();
      expect(body.fieldErrors, partner).toEqual(fieldErrors);
      expect(body.message, partner).toContain(fieldErrors[0]!.message);
      expect(await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, member.id)), partner).toEqual([]);
      expect((await memberRow(member.id)).memberType, partner).toBe('NonCardMember');
      // Refused before the captcha: the solution is still good for the accepted submission.
      expect((await addCards(browser, [card], { gRecaptchaResponse: captcha })).statusCode, partner).toBe(200);
    }
  });
});

describe('captcha', () => {
  const captchaError = { statusCode: 400, message: CAPTCHA_MESSAGE, fieldErrors: [{ field: 'gRecaptchaResponse', message: CAPTCHA_MESSAGE }] };

  it('serves challenges that are never cached', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/), maxnumber: 20000, salt: expect.stringContaining('expires='), signature: expect.any(String) });
  });

  it('refuses a missing, a wrong, a forged, an expired and a replayed solution', async () => {
    const { browser, member } = await newSignedInMember(t, 'hilton');
    const missing = await addCards(browser, [manual(VISA)], { gRecaptchaResponse: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fieldErrors: [{ field: 'gRecaptchaResponse', message: CAPTCHA_MESSAGE }] });

    const bad = await addCards(browser, [manual(VISA)], { gRecaptchaResponse: Buffer.from('{"algorithm":"SHA-256"}').toString('base64') });
    expect(bad.json()).toMatchObject(captchaError);

    // A correct number for a challenge of ours, but the wrong number.
    const good = await solvedCaptcha(t, 'hilton');
    const parsed = JSON.parse(Buffer.from(good, 'base64').toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...parsed, number: parsed.number + 1 })).toString('base64');
    expect((await addCards(browser, [manual(VISA)], { gRecaptchaResponse: wrong })).json()).toMatchObject(captchaError);

    // Signed with another key.
    const forgedChallenge = await createChallenge({ hmacKey: 'not-our-key', maxNumber: 10, number: 3, expires: new Date(Date.now() + 60_000) });
    const forged = Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: forgedChallenge.challenge, number: 3, salt: forgedChallenge.salt, signature: forgedChallenge.signature })).toString('base64');
    expect((await addCards(browser, [manual(VISA)], { gRecaptchaResponse: forged })).json()).toMatchObject(captchaError);

    // Ours, but expired.
    const [secret] = await t.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'captcha'));
    const old = await createChallenge({ hmacKey: secret!.value, maxNumber: 10, number: 3, expires: new Date(Date.now() - 1000) });
    const expired = Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: old.challenge, number: 3, salt: old.salt, signature: old.signature })).toString('base64');
    expect((await addCards(browser, [manual(VISA)], { gRecaptchaResponse: expired })).json()).toMatchObject(captchaError);

    // A good solution works once.
    const first = await addCards(browser, [manual(withLuhnDigit('400000666600001'))], { gRecaptchaResponse: good });
    expect(first.statusCode).toBe(200);
    const replay = await addCards(browser, [manual(withLuhnDigit('400000666600002'))], { gRecaptchaResponse: good });
    expect(replay.json()).toMatchObject(captchaError);
    expect(await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, member.id))).toHaveLength(1);
  });
});

describe('DELETE /api/Member/Cards', () => {
  it("refuses another member's card id and leaves it in place", async () => {
    const owner = await newSignedInMember(t, 'hilton');
    const added = await addCards(owner.browser, [manual(withLuhnDigit('400000777700001'))]);
    const id = added.json<Registration>().cardRegistration[0]!.memberCard.id!;
    const thief = await newSignedInMember(t, 'hilton');
    await addCards(thief.browser, [manual(withLuhnDigit('400000777700002'))]);
    const res = await thief.browser.send({ method: 'DELETE', url: `/api/Member/Cards?id=${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'We could not find that card.' });
    expect(await t.database.db.select().from(memberCards).where(eq(memberCards.id, id))).toHaveLength(1);
    expect((await thief.browser.send({ method: 'DELETE', url: '/api/Member/Cards?id=abc' })).statusCode).toBe(400);
  });

  it('answers 403 without the anti-forgery token', async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    const added = await addCards(browser, [manual(withLuhnDigit('400000777700003'))]);
    const id = added.json<Registration>().cardRegistration[0]!.memberCard.id!;
    const res = await t.request('hilton', { method: 'DELETE', url: `/api/Member/Cards?id=${id}`, headers: { cookie: browser.cookieHeader() } });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(memberCards).where(eq(memberCards.id, id))).toHaveLength(1);
  });

  it('deletes a card; deleting the last one closes the account and signs the member out', async () => {
    const { browser, member } = await newSignedInMember(t, 'hilton');
    const added = await addCards(browser, [manual(withLuhnDigit('400000777700004')), manual(withLuhnDigit('400000777700005'))]);
    const [a, b] = added.json<Registration>().cardRegistration.map((r) => r.memberCard.id!);
    const first = await browser.send({ method: 'DELETE', url: `/api/Member/Cards?id=${a}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toBe(true);
    expect((await browser.send({ method: 'GET', url: '/api/Member' })).statusCode).toBe(200);
    expect((await memberRow(member.id)).memberType).toBe('EnrolledCardMember');

    const last = await browser.send({ method: 'DELETE', url: `/api/Member/Cards?id=${b}` });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toBe(true);
    expect(browser.sessionCookie()).toBeUndefined();
    expect((await browser.send({ method: 'GET', url: '/api/Member' })).statusCode).toBe(401);
    const row = await memberRow(member.id);
    expect(row).toMatchObject({ memberType: 'ClosedAccountMember', active: false });
  });

  it('deleting the last card leaves the account as a seeded closed account: sign-in and /activate treat both alike', async () => {
    const db = t.database.db;
    const hilton = t.app.partners.get().byCode.get('hilton')!;
    const [seeded] = await db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'select-closed')));
    // A member who joined (tier 2, a web profile, a password) and linked one card.
    const email = `closing.${Date.now()}@example.com`;
    const [mine] = await db.insert(members).values({
      partnerId: hilton.id, publicId: `closing-${Date.now()}`, email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Cleo', lastName: 'Closer',
      zipCode: '10001', memberType: 'NonCardMember', tierLevel: 2, interfaceType: 'direct', hasWebProfile: true, active: true,
    }).returning();
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    const added = await addCards(b, [manual(withLuhnDigit('400000999800002'))]);
    expect(added.statusCode).toBe(200);
    expect((await memberRow(mine!.id))).toMatchObject({ memberType: 'EnrolledCardMember', active: true });
    const id = added.json<Registration>().cardRegistration[0]!.memberCard.id!;
    expect((await b.send({ method: 'DELETE', url: `/api/Member/Cards?id=${id}` })).statusCode).toBe(200);

    // The state fields of the row: those of the seeded closed member.
    const state = (m: typeof seeded) => ({ memberType: m!.memberType, active: m!.active, hasWebProfile: m!.hasWebProfile, tierLevel: m!.tierLevel, interfaceType: m!.interfaceType });
    const closed = await memberRow(mine!.id);
    expect(state(closed)).toEqual(state(seeded));
    expect(state(seeded)).toEqual({ memberType: 'ClosedAccountMember', active: false, hasWebProfile: true, tierLevel: 2, interfaceType: 'direct' });
    expect(await db.select().from(memberCards).where(eq(memberCards.memberId, mine!.id))).toEqual([]);

    // /activate: the known-visitor lookup, the §4 step and the activation call answer the same.
    const visitor = new TestBrowser(t, 'hilton');
    const lookup = async (publicId: string) => {
      const res = await visitor.send({ method: 'GET', url: `/api/Member/${publicId}`, csrf: true });
      expect(res.statusCode).toBe(200);
      const { publicId: _id, ...rest } = res.json<KnownVisitor>();
      return { rest, step: activationStep({ publicId, loading: false, error: false, visitor: res.json<KnownVisitor>() }) };
    };
    const a = await lookup(closed.publicId);
    const s2 = await lookup(seeded!.publicId);
    expect(a).toEqual(s2);
    expect(a.step).toEqual({ kind: 'redirect', to: '/login?rfr=4' });
    const activate = async (publicId: string) => {
      const res = await visitor.send({ method: 'POST', url: '/api/Member/Activate', payload: { publicId } });
      return { status: res.statusCode, code: res.json<{ code?: string }>().code };
    };
    expect(await activate(closed.publicId)).toEqual(await activate(seeded!.publicId));

    // Sign-in: both come in as closed-account members (the re-enrolment page).
    for (const username of [email, seeded!.email!]) {
      const again = new TestBrowser(t, 'hilton');
      const res = await again.signIn(username, DEMO_PASSWORD);
      expect(res.statusCode, username).toBe(200);
      expect(res.json<{ member: { memberType: string } }>().member.memberType, username).toBe('ClosedAccountMember');
      expect((await again.send({ method: 'GET', url: '/api/Member' })).json<{ memberType: string }>().memberType, username).toBe('ClosedAccountMember');
    }
  });

  it('re-enrols a closed account with its first new card', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('hilton', 'select-closed'))).statusCode).toBe(200);
    const res = await addCards(b, [manual(withLuhnDigit('400000777700006'))]);
    expect(res.statusCode).toBe(200);
    const me = (await b.send({ method: 'GET', url: '/api/Member' })).json<{ memberType: string }>();
    expect(me.memberType).toBe('EnrolledCardMember');
    const [row] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'select-closed')));
    expect(row).toMatchObject({ memberType: 'EnrolledCardMember', active: true });
  });
});

describe("another partner's host", () => {
  it("shows nothing of this partner's cards there", async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    const added = await addCards(browser, [manual(withLuhnDigit('400000888800001'))]);
    const id = added.json<Registration>().cardRegistration[0]!.memberCard.id!;
    // The session belongs to hilton: on caesars the same browser is anonymous.
    expect((await browser.send({ method: 'GET', url: '/api/Member/Cards', host: 'caesars' })).statusCode).toBe(401);
    // A caesars member cannot touch the hilton card by its id.
    const other = await newSignedInMember(t, 'caesars');
    expect((await other.browser.send({ method: 'GET', url: '/api/Member/Cards' })).json()).toEqual([]);
    expect((await other.browser.send({ method: 'DELETE', url: `/api/Member/Cards?id=${id}` })).statusCode).toBe(404);
    expect(await t.database.db.select().from(memberCards).where(eq(memberCards.id, id))).toHaveLength(1);
  });
});

describe('partner-loaded cards', () => {
  it('answers 404 where the partner has none', async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    expect((await browser.send({ method: 'GET', url: '/api/Cards/AllPartnerCards' })).statusCode).toBe(404);
    expect((await t.request('upromise', { method: 'GET', url: '/api/Cards/AllPartnerCards' })).statusCode).toBe(401);
  });

  it('lists the demo member’s partner cards and links them by id', async () => {
    const b = new TestBrowser(t, 'upromise');
    expect((await b.signInAs(demoPublicId('upromise', 'select-noncard'))).statusCode).toBe(200);
    const res = await b.send({ method: 'GET', url: '/api/Cards/AllPartnerCards' });
    expect(res.statusCode).toBe(200);
    const cards = res.json<Card[]>();
    expect(cards).toHaveLength(2);
    for (const c of cards) expect(c).toEqual({ id: c.partnerCardId, partnerCardId: expect.any(Number), cardType: expect.any(String), lastFour: expect.stringMatching(/^\d{4}$/), description: expect.stringMatching(/^Upromise /) });

    const linked = await addCards(b, [{ cardId: cards[0]!.id }]);
    expect(linked.statusCode).toBe(200);
    expect(linked.json<Registration>().cardRegistration[0]).toEqual({ memberCard: { id: expect.any(Number), cardType: cards[0]!.cardType, lastFour: cards[0]!.lastFour, description: cards[0]!.description }, error: null });
    const list = (await b.send({ method: 'GET', url: '/api/Member/Cards' })).json<Card[]>();
    expect(list).toEqual([expect.objectContaining({ partnerCardId: cards[0]!.id, lastFour: cards[0]!.lastFour })]);

    const again = await addCards(b, [{ cardId: cards[0]!.id }]);
    expect(codes(again.json<Registration>())).toEqual(['ALREADY_LINKED']);

    // Another member's partner card is unknown here.
    const [foreign] = await t.database.db.select().from(partnerCards).innerJoin(members, eq(members.id, partnerCards.memberId))
      .where(eq(members.publicId, demoPublicId('upromise', 'vip-noncard')));
    const stolen = await addCards(b, [{ cardId: foreign!.partner_cards.id }, { cardId: 999999 }]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json<Registration>().cardRegistration.map((r) => r.error)).toEqual([
      { code: 'UNKNOWN_PARTNER_CARD', message: CARD_ERRORS.UNKNOWN_PARTNER_CARD },
      { code: 'UNKNOWN_PARTNER_CARD', message: CARD_ERRORS.UNKNOWN_PARTNER_CARD },
    ]);
  });

  it('knows a partner card typed by hand (same fingerprint) and a seeded card member has it linked', async () => {
    const publicId = demoPublicId('upromise', 'select-card');
    const [m] = await t.database.db.select().from(members).where(eq(members.publicId, publicId));
    const own = await t.database.db.select().from(partnerCards).where(eq(partnerCards.memberId, m!.id)).orderBy(partnerCards.id);
    const linked = await t.database.db.select().from(memberCards).where(and(eq(memberCards.memberId, m!.id)));
    expect(linked).toEqual([expect.objectContaining({ partnerCardId: own[0]!.id, fingerprint: own[0]!.fingerprint })]);

    const [secret] = await t.database.db.select().from(appSecrets).where(eq(appSecrets.name, FINGERPRINT_SECRET));
    const fpKey = Buffer.from(secret!.value, 'base64');
    const [partner] = [t.app.partners.get().byCode.get('upromise')!];
    const source = seedNumbers(partner.cardTypesAccepted as Array<'AMEX' | 'DISC' | 'MAST' | 'VISA'>);
    const pool = Array.from({ length: 600 }, () => source.next().value);
    const numberOf = (fp: string) => pool.find((n) => cardFingerprint(fpKey, n) === fp)!;
    const first = numberOf(own[0]!.fingerprint);
    const second = numberOf(own[1]!.fingerprint);
    expect(first).toBeDefined();
    expect(second).toBeDefined();

    const b = new TestBrowser(t, 'upromise');
    await b.signInAs(publicId);
    const res = await addCards(b, [manual(first), manual(second)]);
    expect(res.statusCode).toBe(200);
    expect(codes(res.json<Registration>())).toEqual(['ALREADY_LINKED', null]);
    const list = (await b.send({ method: 'GET', url: '/api/Member/Cards' })).json<Card[]>();
    expect(list.map((c) => c.partnerCardId)).toEqual([own[0]!.id, own[1]!.id]);
  });
});

describe('API docs', () => {
  it('describe the card calls', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/Member/Cards', '/api/Cards/AllPartnerCards', '/api/captcha/challenge']));
  });
});
