import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { bonusProgrammes, memberBonuses, members, partners, type MemberRow, type PartnerRow } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import type { Member } from '#shared/schemas/member';
import type { ErrorResponse } from '#shared/schemas/common';
import { withCheckCharacter } from '#shared/rules/partner-number';
import { activeBonuses, autoEnrolNewMember, BONUS_NOT_FOUND, registerForBonus } from './bonuses.service';

/**
 * Issue 24 item 4: the terms each active bonus carries, and hasAutoEnroll partners registering new
 * members for the new-member bonus on every way in (direct joining, activation of a known visitor;
 * single sign-on first sign-in is in sso.routes.test.ts, through the identity provider).
 */

let t: TestApp;
const partnerRows = new Map<string, PartnerRow>();
beforeAll(async () => {
  t = await createTestApp();
  for (const p of await t.database.db.select().from(partners)) partnerRows.set(p.code, p);
});
afterAll(async () => { await t.close(); });

const HOUR = 3_600_000;
const partner = (code: string) => partnerRows.get(code)!;
let seq = 0;

/** A sign-up every direct partner accepts (full address for tmobile; a partner number with its check character). */
function signUp(code: string) {
  seq++;
  const number = partner(code).partnerNumberValidator === 'none' ? `ZB${String(seq).padStart(5, '0')}` : withCheckCharacter(`ZB${String(seq).padStart(4, '0')}`);
  return {
    email: `auto${seq}.${code}@example.com`, password: 'Secret123', passwordConfirm: 'Secret123', firstName: 'Ada', lastName: 'Joiner',
    zipCode: '98101', address1: '1 Pike St', city: 'Seattle', state: 'WA', partnerNumber: number, emailOptIn: true,
  };
}

async function join(code: string): Promise<{ member: Member; browser: TestBrowser }> {
  const browser = new TestBrowser(t, code);
  const res = await browser.send({ method: 'POST', url: '/api/Members/Prospects', payload: signUp(code) });
  expect(res.statusCode, res.body).toBe(201);
  browser.token = res.json<{ csrfToken: string }>().csrfToken;
  return { member: res.json<{ member: Member }>().member, browser };
}

async function rowOf(code: string, publicId: string): Promise<MemberRow> {
  const [row] = await t.database.db.select().from(members).where(and(eq(members.partnerId, partner(code).id), eq(members.publicId, publicId)));
  return row!;
}
const enrolmentsOf = (memberId: number) => t.database.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, memberId));
async function newMemberProgramme(code: string) {
  const [p] = await t.database.db.select().from(bonusProgrammes).where(and(eq(bonusProgrammes.partnerId, partner(code).id), eq(bonusProgrammes.kind, 'newMember')));
  return p!;
}

/** A known visitor the partner loaded (tier 1, no web profile), joined `hoursAgo` ago. */
async function knownVisitor(code: string, hoursAgo: number): Promise<MemberRow> {
  const [row] = await t.database.db.insert(members).values({
    partnerId: partner(code).id, publicId: newPublicId(), email: `visitor${++seq}@example.com`, firstName: 'Kim', lastName: 'Known',
    interfaceType: 'known', tierLevel: 1, hasWebProfile: false, active: false, joinDate: new Date(Date.now() - hoursAgo * HOUR),
  }).returning();
  return row!;
}

describe('the terms of each active bonus (GET /api/Member)', () => {
  it('carry the programme\'s amount and minimum spend, and the deadline: joining + the window', async () => {
    const { member, browser } = await join('hilton');
    const me = (await browser.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    const programme = await newMemberProgramme('hilton');
    const nmb = me.activeBonuses.find((b) => b.code === 'NEWMBR');
    expect(nmb).toEqual(expect.objectContaining({
      bonusStatus: 'Eligible', amount: programme.amount, minSpendCents: programme.minSpendCents,
      deadlineUtc: new Date(Date.parse(member.joinDate) + programme.windowHours * HOUR).toISOString(),
    }));
    expect(programme).toMatchObject({ amount: 2500, minSpendCents: 2500, windowHours: 720 });
    // The answer of joining says the same as GET /api/Member.
    expect(member.activeBonuses).toEqual(me.activeBonuses);
  });

  it('follow the programme when an operator changes it', async () => {
    const { browser } = await join('caesars');
    const programme = await newMemberProgramme('caesars');
    await t.database.db.update(bonusProgrammes).set({ amount: 4000, minSpendCents: 3000, windowHours: 240 }).where(eq(bonusProgrammes.id, programme.id));
    try {
      const me = (await browser.send({ method: 'GET', url: '/api/Member' })).json<Member>();
      const nmb = me.activeBonuses.find((b) => b.code === 'NEWMBR')!;
      expect(nmb).toMatchObject({ amount: 4000, minSpendCents: 3000 });
      expect(Date.parse(nmb.deadlineUtc) - Date.parse(me.joinDate)).toBe(240 * HOUR);
    } finally {
      await t.database.db.update(bonusProgrammes).set({ amount: programme.amount, minSpendCents: programme.minSpendCents, windowHours: programme.windowHours }).where(eq(bonusProgrammes.id, programme.id));
    }
  });
});

describe('hasAutoEnroll: registered for the new-member bonus on joining', () => {
  it('direct joining on an auto-enrol partner (tmobile): Enrolled from the start, registered at joining, same window', async () => {
    expect(partner('tmobile')).toMatchObject({ enrollmentType: 'direct', hasAutoEnroll: true });
    const { member, browser } = await join('tmobile');
    const nmb = member.activeBonuses.find((b) => b.code === 'NEWMBR');
    expect(nmb).toMatchObject({ bonusStatus: 'Enrolled', isNewMemberBonus: true, memberIsEligibleForNMB: true, amount: 1000, minSpendCents: 2500 });
    const row = await rowOf('tmobile', member.publicId);
    const enrolments = await enrolmentsOf(row.id);
    expect(enrolments).toHaveLength(1);
    expect(enrolments[0]).toMatchObject({ partnerId: partner('tmobile').id, status: 'Enrolled', qualifiedAt: null });
    // Registered with the join itself: dines from joining on count, as after a registration.
    expect(enrolments[0]!.enrolledAt!.getTime()).toBe(row.joinDate.getTime());
    // Registering again changes nothing: true, one row.
    const again = await browser.send({ method: 'POST', url: '/api/Member/Bonus/NEWMBR' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toBe(true);
    expect(await enrolmentsOf(row.id)).toHaveLength(1);
  });

  it('direct joining on a partner without auto-enrol (hilton): Eligible, no row until the member registers', async () => {
    expect(partner('hilton').hasAutoEnroll).toBe(false);
    const { member, browser } = await join('hilton');
    expect(member.activeBonuses.find((b) => b.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Eligible' });
    const row = await rowOf('hilton', member.publicId);
    expect(await enrolmentsOf(row.id)).toEqual([]);
    expect((await browser.send({ method: 'POST', url: '/api/Member/Bonus/NEWMBR' })).json()).toBe(true);
    expect((await browser.send({ method: 'GET', url: '/api/Member' })).json<Member>().activeBonuses.find((b) => b.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Enrolled' });
    // Twice: the same answer, one row.
    expect((await browser.send({ method: 'POST', url: '/api/Member/Bonus/NEWMBR' })).json()).toBe(true);
    expect(await enrolmentsOf(row.id)).toHaveLength(1);
  });

  it('activation of a known visitor on an auto-enrol partner registers them while the bonus is open to them', async () => {
    const recent = await knownVisitor('tmobile', 2);
    const b = new TestBrowser(t, 'tmobile');
    const res = await b.send({ method: 'POST', url: '/api/Member/Activate', payload: { publicId: recent.publicId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await enrolmentsOf(recent.id)).toEqual([expect.objectContaining({ partnerId: partner('tmobile').id, status: 'Enrolled' })]);
    const activated = await rowOf('tmobile', recent.publicId);
    expect((await activeBonuses(t.database.db, activated)).find((x) => x.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Enrolled' });

    // Loaded by the partner 31 days ago: the window (from their join date) is over; nothing to register.
    const old = await knownVisitor('tmobile', 31 * 24);
    expect((await b.send({ method: 'POST', url: '/api/Member/Activate', payload: { publicId: old.publicId } })).statusCode).toBe(200);
    expect(await enrolmentsOf(old.id)).toEqual([]);
  });

  it('activation on a partner without auto-enrol leaves the bonus Eligible', async () => {
    const visitor = await knownVisitor('hilton', 2);
    const res = await new TestBrowser(t, 'hilton').send({ method: 'POST', url: '/api/Member/Activate', payload: { publicId: visitor.publicId } });
    expect(res.statusCode).toBe(200);
    expect(await enrolmentsOf(visitor.id)).toEqual([]);
    const activated = await rowOf('hilton', visitor.publicId);
    expect((await activeBonuses(t.database.db, activated)).find((x) => x.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Eligible' });
  });

  it('stays within its partner: another partner\'s member, or a partner without the switch, is not registered', async () => {
    const visitor = await knownVisitor('hilton', 1);
    // tmobile's switch, hilton's member: nothing.
    expect(await autoEnrolNewMember(t.database.db, { partner: partner('tmobile'), member: visitor })).toEqual([]);
    expect(await autoEnrolNewMember(t.database.db, { partner: partner('hilton'), member: visitor })).toEqual([]);
    expect(await enrolmentsOf(visitor.id)).toEqual([]);
    // Another partner's code (delta's SSOJOIN) is unknown on hilton's site (404, like a code that does not exist).
    const { browser } = await join('hilton');
    for (const code of ['SSOJOIN', 'NOPE']) {
      const res = await browser.send({ method: 'POST', url: `/api/Member/Bonus/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.json<ErrorResponse>().message).toBe(BONUS_NOT_FOUND);
    }
  });

  it('registration and auto-enrolment, repeated and at once, leave one Enrolled row (property)', async () => {
    const tmobile = partner('tmobile');
    await fc.assert(fc.asyncProperty(
      fc.array(fc.constantFrom('auto', 'register'), { minLength: 1, maxLength: 6 }),
      async (calls) => {
        const visitor = await knownVisitor('tmobile', 1);
        const member = { ...visitor, active: true, hasWebProfile: true };
        await Promise.all(calls.map((c) => (c === 'auto'
          ? autoEnrolNewMember(t.database.db, { partner: tmobile, member })
          : registerForBonus(t.database.db, { partner: tmobile, member, code: 'NEWMBR' }))));
        const rows = await enrolmentsOf(visitor.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'Enrolled', partnerId: tmobile.id });
      },
    ), { numRuns: 15 });
  });
});
