import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { memberProgress, members, sessions } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { DEMO_PASSWORD, demoMembersFor, demoPublicId } from '../../demo/members';
import type { Member, ProfileUpdateRequest } from '#shared/schemas/member';
import { SESSION_MS } from '#shared/rules/session-timers';
import { TestBrowser } from '../../test/browser';
import { SMS_CONSENT_REQUIRED_MESSAGE, SMS_CONSENT_VERSION } from '#shared/rules/sms-consent';

const CONSENT = { version: SMS_CONSENT_VERSION, agreed: true as const };

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  const res = await b.signInAs(demoPublicId(partner, slug));
  expect(res.statusCode).toBe(200);
  return b;
}
async function memberRow(publicId: string) {
  const [row] = await t.database.db.select().from(members).where(eq(members.publicId, publicId));
  return row!;
}
const expireSession = (b: TestBrowser) =>
  t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(b.sessionCookie()!)));

/** The profile form as the client sends it, from the member's current values. */
function profileOf(m: Member, over: Partial<ProfileUpdateRequest> = {}): ProfileUpdateRequest {
  return {
    firstName: m.firstName, lastName: m.lastName, ...m.address, phoneNumber: m.phoneNumber,
    smsOptIn: m.smsOptIn, emailOptIn: m.emailOptIn, ...over,
  };
}

describe('GET /api/Member', () => {
  it('answers the signed-in member with its session end, never cached', async () => {
    const b = new TestBrowser(t, 'hilton');
    await b.signIn('vip.card@hilton.example.com', DEMO_PASSWORD);
    const res = await b.send({ method: 'GET', url: '/api/Member' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const m = res.json<Member>();
    expect(m).toMatchObject({
      publicId: demoPublicId('hilton', 'vip-card'), email: 'vip.card@hilton.example.com', firstName: 'Val', lastName: 'Cardwell',
      tierLevel: 3, memberType: 'EnrolledCardMember', interfaceType: 'direct', session: { staySignedIn: false },
    });
    expect(Object.keys(m)).not.toContain('passwordHash');
    expect(Object.keys(m)).not.toContain('id');
  });

  it('answers 401 JSON when anonymous, with an unknown cookie, or with an expired session', async () => {
    const expected = { statusCode: 401, error: 'Unauthorized', message: 'You are not signed in.' };
    expect((await t.request('hilton', { method: 'GET', url: '/api/Member' })).json()).toEqual(expected);
    expect((await t.request('hilton', { method: 'GET', url: '/api/Member', headers: { cookie: 'rn_session=made-up' } })).json()).toEqual(expected);
    const b = await signedIn('hilton', 'select-card');
    await expireSession(b);
    const res = await b.send({ method: 'GET', url: '/api/Member' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expected);
  });

  it("is anonymous on another partner's host with this partner's session cookie", async () => {
    const b = await signedIn('hilton', 'select-card');
    const res = await b.send({ method: 'GET', url: '/api/Member', host: 'caesars' });
    expect(res.statusCode).toBe(401);
  });

  it('renews the idle timeout on each call', async () => {
    const b = await signedIn('hilton', 'select-noncard');
    const id = hashToken(b.sessionCookie()!);
    const soon = new Date(Date.now() + 60_000);
    await t.database.db.update(sessions).set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 14 * 60_000) }).where(eq(sessions.id, id));
    const res = await b.send({ method: 'GET', url: '/api/Member' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - SESSION_MS)).toBeLessThan(10_000);
    expect(new Date(res.json<Member>().session.expiresAt).getTime()).toBe(row!.expiresAt.getTime());
  });
});

describe('PUT /api/Member', () => {
  it('saves the profile, storing the phone as digits, and says what changed', async () => {
    const b = await signedIn('hilton', 'select-noncard');
    const before = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const payload = profileOf(before, {
      firstName: '  Samantha ', lastName: 'Newname', address1: '1 Main Street', address2: '', city: 'Boston', state: 'MA', zipCode: '02134',
      phoneNumber: '(617) 555-0199', emailOptIn: false,
    });
    const res = await b.send({ method: 'PUT', url: '/api/Member', payload });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ member: Member; changed: boolean }>();
    expect(body.changed).toBe(true);
    expect(body.member).toMatchObject({
      firstName: 'Samantha', lastName: 'Newname', phoneNumber: '6175550199', emailOptIn: false,
      address: { address1: '1 Main Street', address2: '', city: 'Boston', state: 'MA', zipCode: '02134' },
    });
    const row = await memberRow(before.publicId);
    expect(row.phoneNumber).toBe('6175550199');
    expect(row.city).toBe('Boston');

    const again = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(body.member) });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ changed: boolean }>().changed).toBe(false);
    // The same values typed differently are no change either.
    const retyped = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(body.member, { phoneNumber: '1-617-555-0199', city: ' Boston ' }) });
    expect(retyped.json<{ changed: boolean }>().changed).toBe(false);
  });

  it('never changes the e-mail or the password', async () => {
    const b = await signedIn('hilton', 'basic-noncard');
    const before = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const rowBefore = await memberRow(before.publicId);
    const res = await b.send({
      method: 'PUT', url: '/api/Member',
      payload: { ...profileOf(before, { firstName: 'Beatrice' }), email: 'new@example.com', password: 'Another-pass-1', passwordHash: 'x' },
    });
    expect(res.statusCode).toBe(200);
    const row = await memberRow(before.publicId);
    expect(row.firstName).toBe('Beatrice');
    expect(row.email).toBe(rowBefore.email);
    expect(row.passwordHash).toBe(rowBefore.passwordHash);
  });

  it.each([
    ['an empty first name', { firstName: '' }, 'firstName', 'This field is required.'],
    ['an empty last name', { lastName: '   ' }, 'lastName', 'This field is required.'],
    ['a missing first name', { firstName: undefined }, 'firstName', 'This field is required.'],
    ['a first name over 20 characters', { firstName: 'A'.repeat(21) }, 'firstName', 'First name must be 20 characters or fewer.'],
    ['an address over 30 characters', { address1: 'A'.repeat(31) }, 'address1', 'Address must be 30 characters or fewer.'],
    ['a city over 20 characters', { city: 'C'.repeat(21) }, 'city', 'City must be 20 characters or fewer.'],
    ['an unknown state', { state: 'XX' }, 'state', 'Choose a U.S. state or territory.'],
    ['a ZIP code of four digits', { zipCode: '1234' }, 'zipCode', 'ZIP code must be exactly 5 digits.'],
    ['no ZIP code', { zipCode: '' }, 'zipCode', 'This field is required.'],
    ['a ZIP code outside the U.S.', { zipCode: '99999' }, 'zipCode', 'This ZIP code is not located in the U.S.'],
    ['an invalid phone number', { phoneNumber: '123-456-7890' }, 'phoneNumber', 'Invalid phone number, please check the number and try again.'],
    ['a non-boolean SMS opt-in', { smsOptIn: 'yes' as unknown as boolean }, 'smsOptIn', undefined],
  ])('rejects %s with 400 and a field error, saving nothing', async (_name, over, field, message) => {
    const b = await signedIn('hilton', 'vip-noncard');
    const before = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const rowBefore = await memberRow(before.publicId);
    const payload = { ...profileOf(before, { firstName: 'Changed' }), ...over };
    const res = await b.send({ method: 'PUT', url: '/api/Member', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fieldErrors: Array<{ field: string; message: string }> }>();
    expect(body.fieldErrors.map((f) => f.field)).toContain(field);
    const error = body.fieldErrors.find((f) => f.field === field)!;
    if (message) {
      expect(error.message).toBe(message);
      expect(body.message).toContain(message);
    } else {
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect((await memberRow(before.publicId)).updatedAt).toEqual(rowBefore.updatedAt);
  });

  it('requires address, city and state where the partner asks for a full address, but not on credit partners', async () => {
    const american = await signedIn('american', 'select-noncard');
    const m = (await american.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const res = await american.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { address1: '', city: '', state: '' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Array<{ field: string }> }>().fieldErrors.map((f) => f.field).sort()).toEqual(['address1', 'city', 'state']);

    const tmobile = await signedIn('tmobile', 'select-noncard');
    const c = (await tmobile.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const ok = await tmobile.send({ method: 'PUT', url: '/api/Member', payload: profileOf(c, { address1: '', city: '', state: '' }) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ member: Member }>().member.address.city).toBe('');

    const hilton = await signedIn('hilton', 'basic-card');
    const h = (await hilton.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    expect((await hilton.send({ method: 'PUT', url: '/api/Member', payload: profileOf(h, { address1: '', city: '', state: '' }) })).statusCode).toBe(200);
  });

  it('keeps the stored e-mail choice where the profile does not offer the opt-in (§2: one partner)', async () => {
    const b = await signedIn('freespirit', 'vip-noncard');
    const m = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    expect(m.emailOptIn).toBe(true);
    const res = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { emailOptIn: false, city: 'Miami' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ member: Member }>().member).toMatchObject({ emailOptIn: true, tierLevel: m.tierLevel, address: { city: 'Miami' } });
    // A partner that offers it: the box decides (and the tier follows, 0 when opted out).
    const h = await signedIn('hilton', 'vip-noncard');
    const hm = (await h.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const off = await h.send({ method: 'PUT', url: '/api/Member', payload: profileOf(hm, { emailOptIn: false }) });
    expect(off.json<{ member: Member }>().member).toMatchObject({ emailOptIn: false, tierLevel: 0 });
  });

  it('keeps SMS opt-in only on partners that offer it and only with a valid phone', async () => {
    const american = await signedIn('american', 'vip-noncard');
    const a = (await american.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const on = await american.send({ method: 'PUT', url: '/api/Member', payload: profileOf(a, { phoneNumber: '312-555-0100', smsOptIn: true, smsConsent: CONSENT }) });
    expect(on.json<{ member: Member }>().member.smsOptIn).toBe(true);
    const noPhone = await american.send({ method: 'PUT', url: '/api/Member', payload: profileOf(a, { phoneNumber: '', smsOptIn: true }) });
    expect(noPhone.statusCode).toBe(200);
    expect(noPhone.json<{ member: Member }>().member).toMatchObject({ phoneNumber: '', smsOptIn: false });

    const hilton = await signedIn('hilton', 'vip-closed');
    const h = (await hilton.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const res = await hilton.send({ method: 'PUT', url: '/api/Member', payload: profileOf(h, { phoneNumber: '312-555-0100', smsOptIn: true, smsConsent: CONSENT }) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ member: Member }>().member.smsOptIn).toBe(false);
  });

  it('applies the SMS opt-in rule of joining (§5), alike on v1 and v2 partners', async () => {
    for (const code of ['american', 'tmobile']) {
      const b = await signedIn(code, 'basic-card');
      const m = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
      const put = async (over: Partial<ProfileUpdateRequest>) => {
        const res = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { phoneNumber: '312-555-0100', smsConsent: CONSENT, ...over }) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ member: Member }>().member.smsOptIn;
      };
      expect(await put({ smsOptIn: false })).toBe(false);
      // Left out: off (a phone alone is no consent).
      const { smsOptIn: _left, ...withoutSms } = profileOf(m, { phoneNumber: '312-555-0100' });
      const res = await b.send({ method: 'PUT', url: '/api/Member', payload: withoutSms });
      expect(res.json<{ member: Member }>().member.smsOptIn, code).toBe(false);
      // The explicit V2 flag decides over the box.
      expect(await put({ smsOptIn: true, smsOptInV2: false }), code).toBe(false);
      expect(await put({ smsOptIn: false, smsOptInV2: true }), code).toBe(true);
      expect(await put({ smsOptIn: false }), code).toBe(false);
      expect(await put({ smsOptIn: true }), code).toBe(true);
      // Never without a phone.
      expect(await put({ phoneNumber: '', smsOptInV2: true }), code).toBe(false);
      expect((await memberRow(m.publicId)).smsOptIn).toBe(false);
    }
  });

  it('refuses turning SMS opt-in on without the consent of the modal, records the consent, and keeps an opt-in for the same number without asking again', async () => {
    const b = await signedIn('caesars', 'select-noncard');
    const m = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const off = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { phoneNumber: '312-555-0101', smsOptIn: false }) });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { phoneNumber: '312-555-0101', smsOptIn: true }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fieldErrors: unknown }>().fieldErrors).toEqual([{ field: 'smsOptIn', message: SMS_CONSENT_REQUIRED_MESSAGE }]);
    expect((await memberRow(m.publicId)).smsOptIn).toBe(false);

    const before = Date.now();
    const ok = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { phoneNumber: '312-555-0101', smsOptIn: true, smsConsent: CONSENT }) });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await memberRow(m.publicId);
    expect(row).toMatchObject({ smsOptIn: true, smsConsentVersion: SMS_CONSENT_VERSION, smsConsentSource: 'profile' });
    expect(row.smsConsentText).toMatch(/^By agreeing, you consent to receive recurring automated text messages from .+ at 312-555-0101\. /);
    expect(row.smsConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Saving other fields keeps the opt-in and its record without a new consent.
    const again = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { phoneNumber: '312-555-0101', smsOptIn: true, city: 'Reno' }) });
    expect(again.statusCode, again.body).toBe(200);
    expect((await memberRow(m.publicId)).smsConsentAt).toEqual(row.smsConsentAt);
    // Another number needs a consent of its own.
    const other = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { phoneNumber: '312-555-0102', smsOptIn: true }) });
    expect(other.statusCode).toBe(400);
    // Opting out keeps the record of what was agreed.
    await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { phoneNumber: '312-555-0101', smsOptIn: false }) });
    expect(await memberRow(m.publicId)).toMatchObject({ smsOptIn: false, smsConsentVersion: SMS_CONSENT_VERSION, smsConsentSource: 'profile' });
  });

  it("keeps a single sign-on member's names (read-only) and saves the rest", async () => {
    const b = await signedIn('delta', 'sso-select-card');
    const m = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    expect(m.interfaceType).toBe('sso');
    const res = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(m, { firstName: 'Hacker', lastName: '', city: 'Denver', state: 'CO', zipCode: '80202' }) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ member: Member; changed: boolean }>();
    expect(body.changed).toBe(true);
    expect(body.member).toMatchObject({ firstName: m.firstName, lastName: m.lastName, address: { city: 'Denver', state: 'CO', zipCode: '80202' } });
    const { firstName: _f, lastName: _l, ...withoutNames } = profileOf(body.member);
    const noNames = await b.send({ method: 'PUT', url: '/api/Member', payload: withoutNames });
    expect(noNames.statusCode).toBe(200);
    expect(noNames.json<{ changed: boolean }>().changed).toBe(false);
  });

  it('needs a session: anonymous, expired, or from another host is 401', async () => {
    const anonymous = new TestBrowser(t, 'hilton');
    const payload = { firstName: 'A', lastName: 'B', zipCode: '10001' };
    expect((await anonymous.send({ method: 'PUT', url: '/api/Member', payload })).statusCode).toBe(401);
    const b = await signedIn('hilton', 'select-closed');
    // A valid caesars token for a request carrying hilton's session cookie: the session is unknown there.
    const c = new TestBrowser(t, 'caesars');
    c.cookies.set('rn_session', b.sessionCookie()!);
    await c.fetchToken();
    const otherHost = await c.send({ method: 'PUT', url: '/api/Member', payload });
    expect(otherHost.statusCode).toBe(401);
    await expireSession(b);
    const expired = await b.send({ method: 'PUT', url: '/api/Member', payload });
    expect(expired.statusCode).toBe(401);
  });

  it('requires the anti-forgery token', async () => {
    const b = await signedIn('hilton', 'nonactivated-card');
    const m = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const none = await t.request('hilton', { method: 'PUT', url: '/api/Member', headers: { cookie: b.cookieHeader() }, payload: profileOf(m, { firstName: 'Forged' }) });
    expect(none.statusCode).toBe(403);
    const wrong = await b.send({ method: 'PUT', url: '/api/Member', headers: { 'x-xsrf-token': 'x'.repeat(43) }, payload: profileOf(m, { firstName: 'Forged' }) });
    expect(wrong.statusCode).toBe(403);
    expect((await memberRow(m.publicId)).firstName).toBe(m.firstName);
  });
});

describe('tier and dining progress', () => {
  const year = new Date().getUTCFullYear();
  const progress = async (publicId: string, rows: Array<{ year: number; qualifiedDines: number; rewards: number }>) => {
    const m = await memberRow(publicId);
    await t.database.db.insert(memberProgress).values(rows.map((r) => ({ ...r, memberId: m.id, partnerId: m.partnerId })));
  };
  const optIn = async (b: TestBrowser, emailOptIn: boolean) => {
    const current = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const res = await b.send({ method: 'PUT', url: '/api/Member', payload: profileOf(current, { emailOptIn }) });
    expect(res.statusCode).toBe(200);
    return res.json<{ member: Member; changed: boolean }>().member;
  };

  it('opting in to e-mail moves a Basic member to Select (0 → 2), and opting out back to 0', async () => {
    const b = await signedIn('caesars', 'basic-card');
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({ tierLevel: 0, emailOptIn: false });
    expect(await optIn(b, true)).toMatchObject({ tierLevel: 2, emailOptIn: true });
    expect((await memberRow(demoPublicId('caesars', 'basic-card'))).tierLevel).toBe(2);
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>().tierLevel).toBe(2);
    expect(await optIn(b, false)).toMatchObject({ tierLevel: 0, emailOptIn: false });
    expect((await memberRow(demoPublicId('caesars', 'basic-card'))).tierLevel).toBe(0);
  });

  it('a member not yet activated stays at tier 1 whatever the e-mail choice', async () => {
    const b = await signedIn('caesars', 'nonactivated-card');
    expect(await optIn(b, false)).toMatchObject({ tierLevel: 1, emailOptIn: false });
    expect(await optIn(b, true)).toMatchObject({ tierLevel: 1, emailOptIn: true });
  });

  it('answers tier and progress from member_progress: VIP from 11 qualified dines this year, kept while held', async () => {
    const id = demoPublicId('hilton', 'select-card');
    const b = await signedIn('hilton', 'select-card');
    await t.database.db.delete(memberProgress).where(eq(memberProgress.memberId, (await memberRow(id)).id));
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({
      tierLevel: 2, diningProgress: { status: 'Building', dinesRequired: 11, remainingDines: 11, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0, year },
    });
    await progress(id, [{ year, qualifiedDines: 10, rewards: 1500 }]);
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({ tierLevel: 2, diningProgress: { status: 'Building', remainingDines: 1 } });
    await t.database.db.delete(memberProgress).where(eq(memberProgress.memberId, (await memberRow(id)).id));
    await progress(id, [{ year, qualifiedDines: 11, rewards: 1840 }, { year: year - 2, qualifiedDines: 30, rewards: 9000 }]);
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({
      tierLevel: 3, diningProgress: { status: 'Qualified', remainingDines: 0, ytdMilesOrDollars: 1840 },
    });
    // Opting out drops VIP with the e-mail tier; opting in again brings it back while it is held.
    expect(await optIn(b, false)).toMatchObject({ tierLevel: 0 });
    expect(await optIn(b, true)).toMatchObject({ tierLevel: 3 });
    expect((await memberRow(id)).tierLevel).toBe(2);
  });

  it('VIP from last year: Renewing below 11 dines this year, Complete at 11; lapsed after a year without renewal', async () => {
    const id = demoPublicId('american', 'select-card');
    const b = await signedIn('american', 'select-card');
    const m = await memberRow(id);
    await t.database.db.delete(memberProgress).where(eq(memberProgress.memberId, m.id));
    await progress(id, [{ year: year - 1, qualifiedDines: 14, rewards: 2000 }, { year, qualifiedDines: 4, rewards: 310 }]);
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({
      tierLevel: 3, diningProgress: { status: 'Renewing', remainingDines: 7, ytdMilesOrDollars: 310 },
    });
    await t.database.db.update(memberProgress).set({ qualifiedDines: 11 }).where(eq(memberProgress.memberId, m.id));
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>().diningProgress.status).toBe('Complete');
    // Only rows two years back: VIP has lapsed.
    await t.database.db.update(memberProgress).set({ year: sql`${memberProgress.year} - 2` }).where(eq(memberProgress.memberId, m.id));
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({ tierLevel: 2, diningProgress: { status: 'Building', remainingDines: 11, ytdMilesOrDollars: 0 } });
  });

  it('makes nobody VIP on a partner without VIP, and counts nothing towards it', async () => {
    const id = demoPublicId('wynd', 'select-card');
    const b = await signedIn('wynd', 'select-card');
    await progress(id, [{ year, qualifiedDines: 20, rewards: 5000 }, { year: year - 1, qualifiedDines: 20, rewards: 5000 }]);
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({ tierLevel: 2, diningProgress: { dinesRequired: 0, remainingDines: 0, ytdMilesOrDollars: 5000 } });
  });

  it("counts only the member's own progress", async () => {
    await progress(demoPublicId('ihg', 'select-noncard'), [{ year, qualifiedDines: 20, rewards: 5000 }]);
    const b = await signedIn('ihg', 'select-card');
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>()).toMatchObject({ tierLevel: 2, diningProgress: { status: 'Building', ytdMilesOrDollars: 0 } });
  });
});

describe('GET /api/Member/:publicId', () => {
  it('answers a known visitor of this partner with the anti-forgery header', async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.send({ method: 'GET', url: `/api/Member/${demoPublicId('hilton', 'visitor-new')}`, csrf: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ publicId: demoPublicId('hilton', 'visitor-new'), tierLevel: 1, hasWebProfile: false, active: true });
    const closed = await b.send({ method: 'GET', url: `/api/Member/${demoPublicId('hilton', 'select-closed')}`, csrf: true });
    expect(closed.json()).toEqual({ publicId: demoPublicId('hilton', 'select-closed'), tierLevel: 2, hasWebProfile: true, active: false });
  });

  it('requires the anti-forgery header even though it is a GET', async () => {
    const b = new TestBrowser(t, 'hilton');
    await b.fetchToken();
    const url = `/api/Member/${demoPublicId('hilton', 'visitor-new')}`;
    const none = await b.send({ method: 'GET', url });
    expect(none.statusCode).toBe(403);
    expect(none.json<{ message: string }>().message).toMatch(/security token/);
    const wrong = await b.send({ method: 'GET', url, headers: { 'x-xsrf-token': `${b.token}x` } });
    expect(wrong.statusCode).toBe(403);
  });

  it("answers 404 for an unknown id and for another partner's member", async () => {
    const b = new TestBrowser(t, 'hilton');
    for (const id of ['no-such-member', demoPublicId('caesars', 'visitor-new'), demoPublicId('delta', 'visitor-new')]) {
      const res = await b.send({ method: 'GET', url: `/api/Member/${id}`, csrf: true });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ statusCode: 404, error: 'Not Found', message: 'We could not find that member.' });
    }
  });

  it('rejects a malformed id with 400', async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.send({ method: 'GET', url: `/api/Member/${encodeURIComponent('a b;c')}`, csrf: true });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Public id may contain letters, digits, - and _ only.');
    const long = await b.send({ method: 'GET', url: `/api/Member/${'a'.repeat(65)}`, csrf: true });
    expect(long.statusCode).toBe(400);
  });
});

describe('POST /api/Member/Activate', () => {
  const activate = (b: TestBrowser, publicId: unknown) => b.send({ method: 'POST', url: '/api/Member/Activate', payload: { publicId } });

  it('moves a NonActivated visitor to OptedIn with a web profile, once', async () => {
    const b = new TestBrowser(t, 'hilton');
    const id = demoPublicId('hilton', 'visitor-card');
    const res = await activate(b, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicId: id, tierLevel: 2, hasWebProfile: true, active: true });
    const row = await memberRow(id);
    expect(row).toMatchObject({ tierLevel: 2, hasWebProfile: true, active: true });
    const again = await activate(b, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'notActivatable', message: expect.stringMatching(/already activated/) });
  });

  it('activates a tier-1 member who already has a web profile, on an sso partner too', async () => {
    expect((await activate(new TestBrowser(t, 'hilton'), demoPublicId('hilton', 'nonactivated-noncard'))).json()).toMatchObject({ tierLevel: 2 });
    expect((await activate(new TestBrowser(t, 'delta'), demoPublicId('delta', 'visitor-new'))).json()).toMatchObject({ tierLevel: 2, hasWebProfile: true });
  });

  it('refuses members past tier 1 with 409', async () => {
    for (const slug of ['select-card', 'visitor-select', 'basic-noncard']) {
      const res = await activate(new TestBrowser(t, 'hilton'), demoPublicId('hilton', slug));
      expect(res.statusCode, slug).toBe(409);
    }
    expect((await memberRow(demoPublicId('hilton', 'basic-noncard'))).tierLevel).toBe(0);
  });

  it("answers 404 for an unknown id and another partner's visitor (left unchanged)", async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await activate(b, 'no-such-member')).statusCode).toBe(404);
    const other = demoPublicId('caesars', 'visitor-new');
    const res = await activate(b, other);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('We could not find that member.');
    expect((await memberRow(other)).tierLevel).toBe(1);
  });

  it('rejects a missing or malformed public id with 400', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.send({ method: 'POST', url: '/api/Member/Activate', payload: {} })).statusCode).toBe(400);
    expect((await activate(b, '')).statusCode).toBe(400);
    expect((await activate(b, 42)).statusCode).toBe(400);
    expect((await activate(b, 'x/y')).statusCode).toBe(400);
  });

  it('requires the anti-forgery token', async () => {
    const id = demoPublicId('hilton', 'visitor-new');
    const none = await t.request('hilton', { method: 'POST', url: '/api/Member/Activate', payload: { publicId: id } });
    expect(none.statusCode).toBe(403);
    const { cookie, token } = await t.csrf('caesars');
    const otherHost = await t.request('hilton', { method: 'POST', url: '/api/Member/Activate', headers: { cookie, 'x-xsrf-token': token }, payload: { publicId: id } });
    expect(otherHost.statusCode).toBe(403);
    expect((await memberRow(id)).tierLevel).toBe(1);
  });

  it('is not offered where the partner has no enrolment', async () => {
    const res = await activate(new TestBrowser(t, 'daak'), 'anything');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('Activation is not available on this site.');
  });
});

describe('demo data used above', () => {
  it('has the accounts these tests rely on', () => {
    const slugs = demoMembersFor({ code: 'hilton', enrollmentType: 'direct' }).map((m) => m.publicId);
    for (const s of ['visitor-new', 'visitor-card', 'visitor-select', 'select-card', 'nonactivated-noncard']) expect(slugs).toContain(demoPublicId('hilton', s));
  });
});
