import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../test/db';
import type { Database } from '../db/client';
import { members, partners } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { isUsZip } from '../lib/geo';
import { isValidPartnerNumber } from '#shared/rules/partner-number';
import { isValidEmail } from '#shared/rules/email';
import { isValidUsPhone } from '#shared/rules/phone';
import { passwordProblem } from '#shared/rules/password';
import { MEMBER_TYPES, NAME_MAX } from '#shared/constants/member';
import { buildPartners } from './partners';
import { DEMO_PASSWORD, demoMemberRows, demoMembersFor, SSO_DEMO_ACCOUNTS } from './members';

const allPartners = buildPartners();

describe('demo members', () => {
  it('cover every tier and member state on each direct partner, plus known visitors and a shared e-mail', () => {
    for (const p of allPartners.filter((x) => x.enrollmentType === 'direct')) {
      const list = demoMembersFor(p);
      for (const tier of [0, 1, 2, 3]) {
        for (const type of MEMBER_TYPES) {
          expect(list.some((m) => m.tierLevel === tier && m.memberType === type && m.password !== null), `${p.code} ${tier} ${type}`).toBe(true);
        }
      }
      expect(list.some((m) => m.tierLevel === 1 && !m.hasWebProfile && m.interfaceType === 'known')).toBe(true);
      expect(list.some((m) => m.tierLevel === 1 && m.hasWebProfile)).toBe(true);
      expect(list.filter((m) => m.email === `shared@${p.code}.example.com`)).toHaveLength(2);
      expect(list.find((m) => m.email === `select.card@${p.code}.example.com`)).toMatchObject({ tierLevel: 2, memberType: 'EnrolledCardMember' });
    }
  });

  it('link single sign-on partners to the identity provider accounts, with known visitors for activation', () => {
    for (const p of allPartners.filter((x) => x.enrollmentType === 'sso')) {
      const list = demoMembersFor(p);
      for (const a of SSO_DEMO_ACCOUNTS) {
        const linked = list.filter((m) => m.ssoSubject === a.subject);
        expect(linked, `${p.code} ${a.subject}`).toEqual(a.member ? [expect.objectContaining({ interfaceType: 'sso', email: a.email, password: null, ...a.member })] : []);
      }
      expect(list.some((m) => m.tierLevel === 1 && !m.hasWebProfile)).toBe(true);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((m) => m.password === null)).toBe(true);
    }
    for (const a of SSO_DEMO_ACCOUNTS) expect(a.subject).toMatch(/^demo-/);
  });

  it('are valid members: partner numbers, e-mails, ZIP codes, phones, names and the password', () => {
    expect(passwordProblem(DEMO_PASSWORD)).toBeNull();
    const publicIds = new Set<string>();
    for (const [i, p] of allPartners.entries()) {
      const list = demoMembersFor(p);
      if (p.enrollmentType === 'none') expect(list).toEqual([]);
      else expect(list.length, p.code).toBeGreaterThan(0);
      const rows = demoMemberRows({ ...p, id: i + 1 }, 'hash');
      const numbers = new Set<string>();
      for (const row of rows) {
        expect(publicIds.has(row.publicId)).toBe(false);
        publicIds.add(row.publicId);
        expect(row.publicId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(isValidPartnerNumber(row.partnerNumber!)).toBe(true);
        expect(numbers.has(row.partnerNumber!)).toBe(false);
        numbers.add(row.partnerNumber!);
        expect(passwordProblem(DEMO_PASSWORD, row.partnerNumber)).toBeNull();
        expect(isValidEmail(row.email)).toBe(true);
        expect(row.email).toBe(row.email.toLowerCase());
        expect(isUsZip(row.zipCode!)).toBe(true);
        expect(isValidUsPhone(row.phoneNumber!)).toBe(true);
        expect(row.firstName!.length).toBeLessThanOrEqual(NAME_MAX);
        expect(row.lastName!.length).toBeLessThanOrEqual(NAME_MAX);
        expect(Boolean(row.smsOptIn) && !(p.hasSmsOptIn || p.hasSmsOptInV2), `${p.code}: SMS opt-in where the partner asks none`).toBe(false);
      }
    }
  });

  it('are deterministic', () => {
    const p = allPartners.find((x) => x.code === 'hilton')!;
    const now = new Date('2026-11-23T12:00:00Z');
    expect(demoMemberRows({ ...p, id: 7 }, 'h', now)).toEqual(demoMemberRows({ ...p, id: 7 }, 'h', now));
    // The new members joined days before the seed ran.
    expect(demoMemberRows({ ...p, id: 7 }, 'h', now).some((m) => m.joinDate && now.getTime() - m.joinDate.getTime() < 31 * 86_400_000)).toBe(true);
  });
});

describe('seeded demo members', () => {
  let database: Database;
  beforeAll(async () => { database = await createTestDatabase(); });
  afterAll(async () => { await database.close(); });

  it('are in the seeded database with the demo password hashed once (argon2id)', async () => {
    const rows = await database.db.select().from(members);
    const expected = allPartners.reduce((n, p) => n + demoMembersFor(p).length, 0);
    expect(rows).toHaveLength(expected);
    const hashes = new Set(rows.map((r) => r.passwordHash).filter(Boolean));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes];
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash!, DEMO_PASSWORD)).toBe(true);
    const [delta] = await database.db.select().from(partners).where(eq(partners.code, 'delta'));
    const deltaRows = rows.filter((r) => r.partnerId === delta!.id);
    expect(deltaRows.filter((r) => r.ssoSubject).map((r) => r.ssoSubject).sort())
      .toEqual(SSO_DEMO_ACCOUNTS.filter((a) => a.member).map((a) => a.subject).sort());
  });
});
