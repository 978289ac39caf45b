import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { members, partners, prospects, sessions, type PartnerRow } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { newPublicId } from '../../lib/ids';
import { withCheckCharacter } from '#shared/rules/partner-number';
import type { ErrorResponse } from '#shared/schemas/common';
import type { Member } from '#shared/schemas/member';
import { SMS_CONSENT_OUTDATED_MESSAGE, SMS_CONSENT_REQUIRED_MESSAGE, SMS_CONSENT_VERSION, smsConsentText } from '#shared/rules/sms-consent';

let t: TestApp;
const partnerRows = new Map<string, PartnerRow>();
beforeAll(async () => {
  t = await createTestApp();
  for (const p of await t.database.db.select().from(partners)) partnerRows.set(p.code, p);
});
afterAll(async () => { await t.close(); });

const partner = (code: string) => partnerRows.get(code)!;
type Csrf = { cookie: string; token: string };

// Each call from its own address: these routes have tight per-address limits of their own.
let address = 0;
const nextAddress = () => { address++; return `10.1.${address >> 8}.${address & 255}`; };

let seq = 0;
/** A valid sign-up for a direct partner whose partner numbers carry a check character. */
function signUp(over: Record<string, unknown> = {}) {
  seq++;
  return {
    email: `joiner${seq}@example.com`, password: 'Secret123', passwordConfirm: 'Secret123',
    firstName: 'Ada', lastName: 'Lovelace', zipCode: '10001', partnerNumber: withCheckCharacter(`AB${String(seq).padStart(4, '0')}`),
    emailOptIn: true, referral: { utm_source: 'newsletter', utm_campaign: 'spring' },
    ...over,
  };
}

async function post(code: string, url: string, payload: unknown, csrf?: Csrf | null): Promise<LightMyRequestResponse> {
  const c = csrf === undefined ? await t.csrf(code) : csrf;
  const headers: Record<string, string> = {};
  if (c) { headers.cookie = c.cookie; headers['x-xsrf-token'] = c.token; }
  return t.request(code, { method: 'POST', url, headers, payload: payload as Record<string, unknown>, remoteAddress: nextAddress() });
}
const join = (code: string, payload: unknown, csrf?: Csrf | null) => post(code, '/api/Members/Prospects', payload, csrf);
const get = (code: string, url: string) => t.request(code, { method: 'GET', url, remoteAddress: nextAddress() });

function fieldErrors(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries((res.json<ErrorResponse>().fieldErrors ?? []).map((f) => [f.field, f.message]));
}
async function memberByEmail(code: string, email: string) {
  return t.database.db.select().from(members).where(and(eq(members.partnerId, partner(code).id), eq(members.email, email)));
}

describe('POST /api/Members/Prospects', () => {
  it('creates a direct, non-card member, signs it in and answers a token for the new session', async () => {
    const body = signUp({ email: 'Grace.Hopper@Example.com', phoneNumber: '(212) 555-0123', address1: ' 1 Main St ', city: 'New York', state: 'NY' });
    const res = await join('hilton', body);
    expect(res.statusCode, res.body).toBe(201);
    const { member, csrfToken } = res.json<{ member: Member; csrfToken: string }>();
    expect(member).toMatchObject({
      email: 'grace.hopper@example.com', firstName: 'Ada', lastName: 'Lovelace', emailOptIn: true, smsOptIn: false,
      phoneNumber: '2125550123', memberType: 'NonCardMember', tierLevel: 2, interfaceType: 'direct', enrollmentSource: 'newsletter',
      partnerNumber: body.partnerNumber, address: { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', zipCode: '10001' },
    });
    expect(member.publicId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(member.session.staySignedIn).toBe(false);
    expect(new Date(member.session.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const [row] = await memberByEmail('hilton', 'grace.hopper@example.com');
    expect(row).toMatchObject({ hasWebProfile: true, active: true, referral: { utm_source: 'newsletter', utm_campaign: 'spring' } });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'Secret123')).toBe(true);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.memberId, row!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staySignedIn).toBe(false);

    const session = res.cookies.find((c) => c.name === 'rn_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrfToken.length).toBeGreaterThan(20);
  });

  it('answers the new csrf token bound to the same anti-forgery cookie and the new session', async () => {
    const csrf = await t.csrf('hilton');
    const res = await join('hilton', signUp(), csrf);
    expect(res.statusCode).toBe(201);
    const session = res.cookies.find((c) => c.name === 'rn_session')!;
    const { csrfToken } = res.json<{ csrfToken: string }>();
    const withNew = await post('hilton', '/api/Members/Prospects/Email', { email: 'friend@example.com' }, { cookie: `${csrf.cookie}; rn_session=${session.value}`, token: csrfToken });
    expect(withNew.statusCode).toBe(202);
    const withOld = await post('hilton', '/api/Members/Prospects/Email', { email: 'friend@example.com' }, { cookie: `${csrf.cookie}; rn_session=${session.value}`, token: csrf.token });
    expect(withOld.statusCode).toBe(403);
  });

  it('puts members who decline e-mail at tier 0 and stores web as the source without referral', async () => {
    const res = await join('hilton', signUp({ emailOptIn: false, referral: {} }));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ member: Member }>().member).toMatchObject({ tierLevel: 0, emailOptIn: false, enrollmentSource: 'web' });
  });

  it('answers every §5 rule as a field error', async () => {
    const taken = signUp();
    expect((await join('hilton', taken)).statusCode).toBe(201);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      [{ email: `${'a'.repeat(45)}@example.com` }, 'email', 'Email must be 50 characters or fewer.'],
      [{ email: taken.email.toUpperCase() }, 'email', 'This email is already in use with the program.'],
      [{ password: 'short1', passwordConfirm: 'short1' }, 'password', 'Password must be at least 8 characters.'],
      [{ password: 'Secret123', passwordConfirm: 'Secret124' }, 'passwordConfirm', 'Passwords do not match.'],
      [{ firstName: '' }, 'firstName', 'This field is required.'],
      [{ lastName: 'x'.repeat(21) }, 'lastName', 'Last name must be 20 characters or fewer.'],
      [{ phoneNumber: '123-456-7890' }, 'phoneNumber', 'Invalid US based phone number.'],
      [{ zipCode: '1234' }, 'zipCode', 'ZIP code must be exactly 5 digits.'],
      [{ zipCode: '00000' }, 'zipCode', 'This ZIP code is not located in the U.S.'],
      [{ partnerNumber: '' }, 'partnerNumber', 'This field is required.'],
      [{ partnerNumber: 'AB12' }, 'partnerNumber', 'Invalid format for the partner number.'],
      [{ partnerNumber: `${withCheckCharacter('ZZ9999').slice(0, 6)}${(parseInt(withCheckCharacter('ZZ9999')[6]!, 36) + 1) % 10}` }, 'partnerNumber', 'Invalid format for the partner number.'],
      [{ partnerNumber: taken.partnerNumber.toLowerCase() }, 'partnerNumber', 'This partner number is already in use.'],
      [{ firstName: 'A\u0000b' }, 'firstName', 'Please remove special characters such as line breaks from this field.'],
      [{ city: 'New\nYork' }, 'city', 'Please remove special characters such as line breaks from this field.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await join('hilton', signUp(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(fieldErrors(res)[field], JSON.stringify(over)).toBe(message);
      expect(res.json<ErrorResponse>().message).toContain(message);
    }
    const pn = withCheckCharacter('QW1234');
    const contains = await join('hilton', signUp({ partnerNumber: pn, password: `x${pn.toLowerCase()}9`, passwordConfirm: `x${pn.toLowerCase()}9` }));
    expect(fieldErrors(contains).password).toBe('Password cannot contain your partner number.');
    expect(await memberByEmail('hilton', taken.email)).toHaveLength(1);
  });

  it('requires the address where the partner mails things, except statement-credit partners', async () => {
    expect(partner('american')).toMatchObject({ fullAddressRequired: true, currencyType: 'Mile' });
    const res = await join('american', signUp());
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toMatchObject({ address1: 'This field is required.', city: 'This field is required.', state: 'This field is required.' });
    const badState = await join('american', signUp({ address1: '1 Main St', city: 'Albany', state: 'XX' }));
    expect(badState.statusCode).toBe(400);
    expect(fieldErrors(badState).state).toBe('Choose a U.S. state or territory.');
    expect((await join('american', signUp({ address1: '1 Main St', city: 'Albany', state: 'NY' }))).statusCode).toBe(201);
    expect(partner('tmobile')).toMatchObject({ fullAddressRequired: true, currencyType: 'Credit' });
    expect((await join('tmobile', signUp())).statusCode).toBe(201);
  });

  it('follows the partner\'s partner-number rules', async () => {
    // T-Mobile numbers have no check character; any seven letters and digits do.
    expect(partner('tmobile').partnerNumberValidator).toBe('none');
    expect((await join('tmobile', signUp({ partnerNumber: 'ABCDEF1' }))).statusCode).toBe(201);
    // A partner without partner numbers ignores one that is sent.
    await t.database.db.update(partners).set({ hasPPN: false }).where(eq(partners.code, 'wynd'));
    await t.app.partners.reload();
    try {
      const res = await join('wynd', signUp({ partnerNumber: '' }));
      expect(res.statusCode).toBe(201);
      expect(res.json<{ member: Member }>().member.partnerNumber).toBeNull();
    } finally {
      await t.database.db.update(partners).set({ hasPPN: true }).where(eq(partners.code, 'wynd'));
      await t.app.partners.reload();
    }
  });

  it('joins opted in to e-mail where the form does not offer the opt-in (§2: one partner)', async () => {
    expect(partner('freespirit').emailOptInHidden).toBe(true);
    const res = await join('freespirit', signUp({ emailOptIn: false }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ member: Member }>().member).toMatchObject({ emailOptIn: true, tierLevel: 2 });
    // Everywhere else the box decides.
    const elsewhere = await join('hilton', signUp({ emailOptIn: false }));
    expect(elsewhere.json<{ member: Member }>().member).toMatchObject({ emailOptIn: false, tierLevel: 0 });
  });

  it('applies the one SMS opt-in rule (§5) alike on v1 and v2 partners: on only with the consent of the modal', async () => {
    const phone = '212-555-0199';
    const consent = { smsConsent: { version: SMS_CONSENT_VERSION, agreed: true } };
    const sms = async (code: string, over: Record<string, unknown>) => {
      const res = await join(code, signUp({ address1: '1 Main St', city: 'Albany', state: 'NY', ...over }));
      expect(res.statusCode, res.body).toBe(201);
      const { member } = res.json<{ member: Member }>();
      const [row] = await memberByEmail(code, member.email);
      expect(row!.smsOptIn).toBe(member.smsOptIn);
      return member.smsOptIn;
    };
    expect(partner('american')).toMatchObject({ hasSmsOptIn: true, hasSmsOptInV2: false });
    expect(partner('tmobile')).toMatchObject({ hasSmsOptInV2: true });
    for (const code of ['american', 'tmobile']) {
      // A phone alone is no opt-in; the explicit V2 flag decides over the box; never without a phone.
      expect(await sms(code, { phoneNumber: phone }), code).toBe(false);
      expect(await sms(code, { phoneNumber: phone, smsOptIn: true, ...consent }), code).toBe(true);
      expect(await sms(code, { phoneNumber: phone, smsOptIn: false, ...consent }), code).toBe(false);
      expect(await sms(code, { phoneNumber: phone, smsOptInV2: false }), code).toBe(false);
      expect(await sms(code, { phoneNumber: phone, smsOptInV2: false, smsOptIn: true }), code).toBe(false);
      expect(await sms(code, { phoneNumber: phone, smsOptInV2: true, smsOptIn: false, ...consent }), code).toBe(true);
      expect(await sms(code, { smsOptIn: true, ...consent }), code).toBe(false);
      expect(await sms(code, { smsOptInV2: true, ...consent }), code).toBe(false);
    }
    // No SMS programme: never.
    expect(partner('hilton')).toMatchObject({ hasSmsOptIn: false, hasSmsOptInV2: false });
    expect(await sms('hilton', { phoneNumber: phone, smsOptIn: true, ...consent })).toBe(false);
    expect(await sms('hilton', { phoneNumber: phone, smsOptInV2: true, ...consent })).toBe(false);
  });

  it('refuses an SMS opt-in without the consent of the modal (or for another wording), and records the consent given', async () => {
    const over = { address1: '1 Main St', city: 'Albany', state: 'NY', phoneNumber: '212-555-0177' };
    for (const [code, optIn] of [['american', { smsOptIn: true }], ['tmobile', { smsOptInV2: true }]] as const) {
      const field = 'smsOptInV2' in optIn ? 'smsOptInV2' : 'smsOptIn';
      const none = await join(code, signUp({ ...over, ...optIn }));
      expect(none.statusCode, code).toBe(400);
      expect(none.json<ErrorResponse>().fieldErrors).toEqual([{ field, message: SMS_CONSENT_REQUIRED_MESSAGE }]);
      const unticked = await join(code, signUp({ ...over, ...optIn, smsConsent: { version: SMS_CONSENT_VERSION, agreed: false } }));
      expect(unticked.statusCode, code).toBe(400);
      const outdated = await join(code, signUp({ ...over, ...optIn, smsConsent: { version: 'sms-consent-2020-01', agreed: true } }));
      expect(outdated.statusCode, code).toBe(400);
      expect(outdated.json<ErrorResponse>().fieldErrors).toEqual([{ field, message: SMS_CONSENT_OUTDATED_MESSAGE }]);

      const before = Date.now();
      const ok = await join(code, signUp({ ...over, ...optIn, smsConsent: { version: SMS_CONSENT_VERSION, agreed: true } }));
      expect(ok.statusCode, ok.body).toBe(201);
      const [row] = await memberByEmail(code, ok.json<{ member: Member }>().member.email);
      expect(row).toMatchObject({ smsOptIn: true, smsConsentVersion: SMS_CONSENT_VERSION, smsConsentSource: 'join' });
      expect(row!.smsConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const p = partner(code);
      expect(row!.smsConsentText).toBe(smsConsentText({ program: p.copyStates.programName1 || p.name, phone: '2125550177', shortCode: p.shortCode }));
      expect(row!.smsConsentText).toContain('at 212-555-0177');
    }
    // No opt-in: no consent record.
    const off = await join('american', signUp({ ...over }));
    const [row] = await memberByEmail('american', off.json<{ member: Member }>().member.email);
    expect(row).toMatchObject({ smsOptIn: false, smsConsentAt: null, smsConsentText: null });
  });

  it('gives a known visitor of this partner its web profile instead of a second record', async () => {
    const db = t.database.db;
    const publicId = newPublicId();
    const [visitor] = await db.insert(members).values({
      partnerId: partner('hilton').id, publicId, email: 'visitor@example.com', tierLevel: 1, hasWebProfile: false,
      interfaceType: 'known', referral: { utm_medium: 'email' },
    }).returning();
    const res = await join('hilton', signUp({ email: 'visitor@example.com', publicId }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ member: Member }>().member).toMatchObject({ publicId, tierLevel: 2, interfaceType: 'direct', email: 'visitor@example.com' });
    const rows = await memberByEmail('hilton', 'visitor@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: visitor!.id, hasWebProfile: true, active: true, referral: { utm_medium: 'email', utm_source: 'newsletter' } });

    // Now that it has a web profile, its public id no longer upgrades anything.
    const again = await join('hilton', signUp({ publicId }));
    expect(again.statusCode).toBe(201);
    expect(again.json<{ member: Member }>().member.publicId).not.toBe(publicId);

    // Another partner's visitor is not touched from this host.
    const otherId = newPublicId();
    await db.insert(members).values({ partnerId: partner('jetblue').id, publicId: otherId, email: 'other@example.com', tierLevel: 1, hasWebProfile: false, interfaceType: 'known' });
    const cross = await join('hilton', signUp({ publicId: otherId }));
    expect(cross.statusCode).toBe(201);
    expect(cross.json<{ member: Member }>().member.publicId).not.toBe(otherId);
    const [untouched] = await db.select().from(members).where(eq(members.publicId, otherId));
    expect(untouched).toMatchObject({ tierLevel: 1, hasWebProfile: false });
  });

  it('gives a known visitor past tier 1 without a web profile (sent to /join?rfr=2) their profile too, keeping VIP', async () => {
    const db = t.database.db;
    for (const [tierLevel, optIn, after] of [[2, true, 2], [3, true, 3], [0, true, 2], [3, false, 0]] as const) {
      const publicId = newPublicId();
      const email = `visitor-t${tierLevel}-${optIn}@example.com`;
      const partnerNumber = withCheckCharacter(`VT${tierLevel}${optIn ? 1 : 0}00`);
      const [visitor] = await db.insert(members).values({
        partnerId: partner('hilton').id, publicId, email, partnerNumber, tierLevel, hasWebProfile: false, interfaceType: 'known', memberType: 'EnrolledCardMember',
      }).returning();
      // The checks on leaving the fields agree: their own e-mail and number are free to them, not to anyone else.
      const check = async (query: string) => (await get('hilton', `/api/Members/Validate/Email?${query}`)).json<{ isValid: boolean }>().isValid;
      expect(await check(`email=${encodeURIComponent(email)}&publicId=${publicId}`)).toBe(true);
      expect(await check(`email=${partnerNumber}&usePpn=true&publicId=${publicId}`)).toBe(true);
      expect(await check(`email=${encodeURIComponent(email)}`)).toBe(false);
      expect(await check(`email=${partnerNumber}&usePpn=true`)).toBe(false);
      const res = await join('hilton', signUp({ email, partnerNumber, publicId, emailOptIn: optIn }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ member: Member }>().member).toMatchObject({ publicId, tierLevel: after, email, memberType: 'EnrolledCardMember' });
      const [row] = await db.select().from(members).where(eq(members.publicId, publicId));
      expect(row).toMatchObject({ id: visitor!.id, hasWebProfile: true });
      // With a web profile, the public id frees nothing any more.
      expect(await check(`email=${encodeURIComponent(email)}&publicId=${publicId}`)).toBe(false);
    }
  });

  it('keeps one account per e-mail when two joins race', async () => {
    const body = signUp();
    const [a, b] = await Promise.all([join('hilton', body), join('hilton', { ...body, partnerNumber: withCheckCharacter('RC0001') })]);
    const statuses = [a!.statusCode, b!.statusCode].sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    const loser = a!.statusCode === 201 ? b! : a!;
    if (loser.statusCode === 409) expect(loser.json<ErrorResponse>().code).toBe('alreadyMember');
    else expect(fieldErrors(loser).email).toBe('This email is already in use with the program.');
    expect(await memberByEmail('hilton', body.email)).toHaveLength(1);
  });

  it('answers 409 alreadyMember when a partner number is taken between the check and the insert', async () => {
    const partnerNumber = withCheckCharacter('RC0002');
    const results = await Promise.all([join('hilton', signUp({ partnerNumber })), join('hilton', signUp({ partnerNumber }))]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(201);
    const loser = results.find((r) => r.statusCode !== 201)!;
    if (loser.statusCode === 409) expect(loser.json<ErrorResponse>()).toMatchObject({ code: 'alreadyMember', message: expect.stringMatching(/already have an account/) });
    else expect(fieldErrors(loser).partnerNumber).toBe('This partner number is already in use.');
    const rows = await t.database.db.select().from(members).where(and(eq(members.partnerId, partner('hilton').id), eq(members.partnerNumber, partnerNumber)));
    expect(rows).toHaveLength(1);
  });

  it('never answers 5xx to hostile bodies', async () => {
    const bodies: unknown[] = [null, 0, 'text', [], [{}], {}, { email: 1 }, { ...signUp(), referral: 'x' }, { ...signUp(), publicId: '../../x' },
      { ...signUp(), zipCode: '1'.repeat(5000) }, { ...signUp(), password: '\u0000'.repeat(100) }, { ...signUp(), smsOptIn: 'yes' }, { ...signUp(), state: 'N\u0000Y' },
      { ...signUp(), firstName: 'A\u0000b' }, { ...signUp(), address2: '\u0000' }, { ...signUp(), referral: { utm_source: 'a\u0000b' } }];
    for (const body of bodies) {
      for (const url of ['/api/Members/Prospects', '/api/Members/Prospects/Email', '/api/Recover', '/api/Recover/Update', '/api/FixCredentials']) {
        const c = await t.csrf('hilton');
        const res = await t.request('hilton', { method: 'POST', url, headers: { cookie: c.cookie, 'x-xsrf-token': c.token, 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: nextAddress() });
        expect(res.statusCode, `${url} ${JSON.stringify(body)} ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await get('hilton', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/api/Members/Prospects', '/api/Members/Prospects/Email', '/api/Members/Validate/Email', '/api/Members/Validate/Zip', '/api/Recover', '/api/Recover/Token', '/api/Recover/Update', '/api/FixCredentials']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });

  it('lets an e-mail registered on one partner join another partner', async () => {
    const body = signUp();
    expect((await join('hilton', body)).statusCode).toBe(201);
    expect((await join('jetblue', { ...body, partnerNumber: withCheckCharacter('JB0001') })).statusCode).toBe(201);
    expect((await join('hilton', { ...body, partnerNumber: withCheckCharacter('HL0001') })).statusCode).toBe(400);
  });

  it('refuses a missing or wrong anti-forgery token', async () => {
    expect((await join('hilton', signUp(), null)).statusCode).toBe(403);
    const other = await t.csrf('jetblue');
    const wrong = await join('hilton', signUp(), other);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<ErrorResponse>().message).toMatch(/security token/);
  });

  it('is not available on sso and none partners', async () => {
    for (const code of ['delta', 'daak']) {
      const res = await join(code, signUp());
      expect(res.statusCode, code).toBe(404);
      expect(res.json<ErrorResponse>().message, code).toMatch(/not available on this site/);
    }
    expect((await join('delta', {})).statusCode).toBe(404);
  });
});

describe('POST /api/Members/Prospects/Email', () => {
  it('stores the prospect with its referral and answers 202', async () => {
    const res = await post('hilton', '/api/Members/Prospects/Email', { email: ' Lead@Example.com ', referral: { utm_source: 'home', utm_medium: 'web' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.database.db.select().from(prospects).where(eq(prospects.email, 'lead@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ partnerId: partner('hilton').id, referral: { utm_source: 'home', utm_medium: 'web' } });
  });

  it('refuses a bad e-mail and a missing token', async () => {
    const bad = await post('hilton', '/api/Members/Prospects/Email', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).email).toBe('Please enter a valid email address.');
    expect((await post('hilton', '/api/Members/Prospects/Email', { email: 'a@example.com' }, null)).statusCode).toBe(403);
  });
});

describe('GET /api/Members/Validate/Email', () => {
  it('is false for members of this partner, true otherwise', async () => {
    const body = signUp();
    expect((await join('hilton', body)).statusCode).toBe(201);
    const check = async (code: string, query: string) => {
      const res = await get(code, `/api/Members/Validate/Email?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json<{ isValid: boolean }>().isValid;
    };
    expect(await check('hilton', `email=${encodeURIComponent(body.email.toUpperCase())}`)).toBe(false);
    expect(await check('hilton', 'email=free%40example.com')).toBe(true);
    expect(await check('jetblue', `email=${encodeURIComponent(body.email)}`)).toBe(true);
    // With usePpn the value may be a partner number.
    expect(await check('hilton', `email=${body.partnerNumber.toLowerCase()}&usePpn=true`)).toBe(false);
    expect(await check('hilton', `email=${withCheckCharacter('FR1234')}&usePpn=true`)).toBe(true);
    expect(await check('hilton', `email=${encodeURIComponent(body.email)}&usePpn=true`)).toBe(false);
  });

  it('refuses a value that is no e-mail address by the pages\' rule with 400, never as a member\'s (isValid false)', async () => {
    const wrongCheck = ['ABCDEF0', 'ABCDEF1'].find((v) => withCheckCharacter('ABCDEF') !== v)!;
    for (const [query, message] of [
      ['email=.a%40b.com', 'Please enter a valid email address.'],
      ['email=not-an-email', 'Please enter a valid email address.'],
      ['email=a..b%40example.com', 'Please enter a valid email address.'],
      ['email=ana%40example', 'Please enter a valid email address.'],
      // A partner number is one only with usePpn.
      [`email=${withCheckCharacter('FR1234')}`, 'Please enter a valid email address.'],
      [`email=${wrongCheck}&usePpn=true`, 'Invalid format for the partner number.'],
    ] as const) {
      const res = await get('hilton', `/api/Members/Validate/Email?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorResponse>(), query).toMatchObject({ message, fieldErrors: [{ field: 'email', message }] });
      expect(res.json()).not.toHaveProperty('isValid');
    }
  });

  it('answers 400 to bad queries and 404 on sso and none partners', async () => {
    expect((await get('hilton', '/api/Members/Validate/Email')).statusCode).toBe(400);
    expect((await get('hilton', '/api/Members/Validate/Email?email=a%40b.co&usePpn=maybe')).statusCode).toBe(400);
    expect((await get('hilton', '/api/Members/Validate/Email?email=a%40b.co&publicId=no%20spaces')).statusCode).toBe(400);
    expect((await get('delta', '/api/Members/Validate/Email?email=a%40b.co')).statusCode).toBe(404);
    expect((await get('daak', '/api/Members/Validate/Email?email=a%40b.co')).statusCode).toBe(404);
  });

  it('is limited to 30 checks a minute per client address', async () => {
    const remoteAddress = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.request('hilton', { method: 'GET', url: `/api/Members/Validate/Email?email=harvest${i}%40example.com`, remoteAddress });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Other routes and other addresses are not affected.
    expect((await get('hilton', '/api/Members/Validate/Email?email=x%40example.com')).statusCode).toBe(200);
    expect((await t.request('hilton', { method: 'GET', url: '/api/Members/Validate/Zip?zip=10001', remoteAddress })).statusCode).toBe(200);
  });
});

describe('GET /api/Members/Validate/Zip', () => {
  it('accepts U.S. ZIP codes on every partner and explains the others', async () => {
    for (const code of ['hilton', 'delta', 'daak']) {
      expect((await get(code, '/api/Members/Validate/Zip?zip=10001')).json(), code).toEqual({ isValid: true });
    }
    expect((await get('hilton', '/api/Members/Validate/Zip?zip=00000')).json()).toEqual({ isValid: false, message: 'This ZIP code is not located in the U.S.' });
    expect((await get('hilton', '/api/Members/Validate/Zip?zip=1234')).json()).toEqual({ isValid: false, message: 'ZIP code must be exactly 5 digits.' });
    expect((await get('hilton', '/api/Members/Validate/Zip')).statusCode).toBe(400);
  });
});
