import { count, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, type MemberDiningProgress, type NewMemberRow, type PartnerRow } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { insertJsonRows } from './bulk-insert';
import { canSignInWithPassword, smsOptInOffered, usesSingleSignOn } from '#shared/rules/partner-features';
import { withCheckCharacter } from '#shared/rules/partner-number';
import { TIER_LEVELS, type InterfaceType, type MemberType } from '#shared/constants/member';

/**
 * Demo members: every tier and member state on each direct partner, known visitors for the
 * activation flow, two accounts sharing one e-mail (/fix_credentials), and on single sign-on
 * partners members linked to the development identity provider's accounts. The credentials
 * live here (the staging tools read them from this file, never from the database).
 */

/** One password for every demo account (sign-in and the development identity provider). */
export const DEMO_PASSWORD = 'Dining2026!';

/** What the demo accounts of a partner depend on (a partner row, or one about to be inserted). */
export type DemoPartner = Pick<PartnerRow, 'code' | 'enrollmentType' | 'hasSmsOptIn' | 'hasSmsOptInV2'>;

export type DemoMember = {
  publicId: string;
  /** What this account shows, e.g. 'Select (tier 2), card member'. */
  label: string;
  email: string;
  partnerNumber: string | null;
  /** Null: the account cannot sign in with a password (known visitor, single sign-on). */
  password: string | null;
  firstName: string;
  lastName: string;
  tierLevel: number;
  memberType: MemberType;
  hasWebProfile: boolean;
  active: boolean;
  interfaceType: InterfaceType;
  ssoSubject: string | null;
  /** Joined this many days before the seed (the new-member accounts); absent: a date in 2025. */
  joinedDaysAgo?: number;
};

export type SsoDemoAccount = {
  /** The OpenID Connect `sub` claim. */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  label: string;
  /**
   * Seeded as a member of every sso partner (linked by subject) with this tier and state; null:
   * no member exists yet, so the first sign-in creates one.
   */
  member: { tierLevel: number; memberType: MemberType } | null;
};

/** Accounts of the development identity provider (the same on every sso partner). */
export const SSO_DEMO_ACCOUNTS: readonly SsoDemoAccount[] = [
  { subject: 'demo-basic-card', email: 'basic.card@sso.example.com', firstName: 'Bea', lastName: 'Cardwell', password: DEMO_PASSWORD, label: 'Basic (tier 0), card member', member: { tierLevel: TIER_LEVELS.OptedOut, memberType: 'EnrolledCardMember' } },
  { subject: 'demo-select-noncard', email: 'select.noncard@sso.example.com', firstName: 'Sam', lastName: 'Nocard', password: DEMO_PASSWORD, label: 'Select (tier 2), no card yet', member: { tierLevel: TIER_LEVELS.OptedIn, memberType: 'NonCardMember' } },
  { subject: 'demo-select-card', email: 'select.card@sso.example.com', firstName: 'Sam', lastName: 'Cardwell', password: DEMO_PASSWORD, label: 'Select (tier 2), card member', member: { tierLevel: TIER_LEVELS.OptedIn, memberType: 'EnrolledCardMember' } },
  { subject: 'demo-vip-card', email: 'vip.card@sso.example.com', firstName: 'Val', lastName: 'Cardwell', password: DEMO_PASSWORD, label: 'VIP (tier 3), card member', member: { tierLevel: TIER_LEVELS.VIP, memberType: 'EnrolledCardMember' } },
  { subject: 'demo-select-closed', email: 'select.closed@sso.example.com', firstName: 'Sam', lastName: 'Closson', password: DEMO_PASSWORD, label: 'Select (tier 2), closed account', member: { tierLevel: TIER_LEVELS.OptedIn, memberType: 'ClosedAccountMember' } },
  { subject: 'demo-newcomer', email: 'newcomer@sso.example.com', firstName: 'Nell', lastName: 'Newcomer', password: DEMO_PASSWORD, label: 'No member yet: the first sign-in creates one', member: null },
];

const TIERS = [
  { level: TIER_LEVELS.OptedOut, slug: 'basic', name: 'Basic (tier 0)', firstName: 'Bea' },
  { level: TIER_LEVELS.NonActivated, slug: 'nonactivated', name: 'Not activated (tier 1)', firstName: 'Nia' },
  { level: TIER_LEVELS.OptedIn, slug: 'select', name: 'Select (tier 2)', firstName: 'Sam' },
  { level: TIER_LEVELS.VIP, slug: 'vip', name: 'VIP (tier 3)', firstName: 'Val' },
] as const;

const STATES: ReadonlyArray<{ type: MemberType; slug: string; name: string; lastName: string }> = [
  { type: 'NonCardMember', slug: 'noncard', name: 'no card yet', lastName: 'Nocard' },
  { type: 'EnrolledCardMember', slug: 'card', name: 'card member', lastName: 'Cardwell' },
  { type: 'ClosedAccountMember', slug: 'closed', name: 'closed account', lastName: 'Closson' },
];

type Draft = Omit<DemoMember, 'publicId' | 'email' | 'partnerNumber'> & { slug: string; email?: string };

function directDrafts(): Draft[] {
  const drafts: Draft[] = [];
  for (const tier of TIERS) {
    for (const state of STATES) {
      drafts.push({
        slug: `${tier.slug}-${state.slug}`, label: `${tier.name}, ${state.name}`,
        password: DEMO_PASSWORD, firstName: tier.firstName, lastName: state.lastName,
        tierLevel: tier.level, memberType: state.type, hasWebProfile: true,
        // Closing the account (deleting the last card) deactivates it.
        active: state.type !== 'ClosedAccountMember', interfaceType: 'direct', ssoSubject: null,
      });
    }
  }
  drafts.push(...knownVisitorDrafts());
  drafts.push(...sharedDrafts(), ...newMemberDrafts());
  return drafts;
}

/**
 * New members, one per stage of the new-member bonus (§4 Bonus, docs/api-bonuses.md): Eligible
 * (joined 2 days ago, no card yet: the overview offers the bonus), Enrolled (registered, one dine
 * below the $25 minimum) and Qualified (registered, then a qualifying dine: a B row). Last in the
 * list, so the older accounts keep their partner numbers and cards (partner-cards.ts).
 */
export const NEW_MEMBER_SLUGS = ['new-noncard', 'new-card', 'new-qualified'] as const;
function newMemberDrafts(): Draft[] {
  const base = { password: DEMO_PASSWORD, firstName: 'Nora', tierLevel: TIER_LEVELS.OptedIn, hasWebProfile: true, active: true, interfaceType: 'direct' as const, ssoSubject: null };
  return [
    { ...base, slug: 'new-noncard', lastName: 'Newman', memberType: 'NonCardMember', joinedDaysAgo: 2, label: 'New member (joined 2 days ago), no card yet: the new-member bonus is Eligible (register from the overview)' },
    { ...base, slug: 'new-card', lastName: 'Newcard', memberType: 'EnrolledCardMember', joinedDaysAgo: 6, label: 'New member (joined 6 days ago), card member: registered for the new-member bonus (Enrolled); a dine under its $25 minimum' },
    { ...base, slug: 'new-qualified', lastName: 'Newbonus', memberType: 'EnrolledCardMember', joinedDaysAgo: 20, label: 'New member (joined 20 days ago), card member: the new-member bonus earned (Qualified, a Bonus row in Reviews & History)' },
  ];
}

function sharedDrafts(): Draft[] {
  const drafts: Draft[] = [];
  for (const n of [1, 2]) {
    drafts.push({
      slug: `shared-${n}`, email: 'shared', label: `Shares its e-mail with another account (${n} of 2): sign-in leads to /fix_credentials`,
      password: DEMO_PASSWORD, firstName: 'Shay', lastName: n === 1 ? 'Nocard' : 'Cardwell',
      tierLevel: TIER_LEVELS.OptedIn, memberType: n === 1 ? 'NonCardMember' : 'EnrolledCardMember',
      hasWebProfile: true, active: true, interfaceType: 'direct', ssoSubject: null,
    });
  }
  return drafts;
}

/** Known visitors without a web profile: the activation flow (§4) and its redirects. */
function knownVisitorDrafts(): Draft[] {
  return [
    {
      slug: 'visitor-new', label: 'Known visitor, not activated (tier 1), no web profile: /activate shows the activation button',
      password: null, firstName: 'Kim', lastName: 'Visitor', tierLevel: TIER_LEVELS.NonActivated, memberType: 'NonCardMember',
      hasWebProfile: false, active: true, interfaceType: 'known', ssoSubject: null,
    },
    {
      slug: 'visitor-card', label: 'Known visitor with a card, not activated (tier 1), no web profile',
      password: null, firstName: 'Kit', lastName: 'Visitor', tierLevel: TIER_LEVELS.NonActivated, memberType: 'EnrolledCardMember',
      hasWebProfile: false, active: true, interfaceType: 'known', ssoSubject: null,
    },
    {
      slug: 'visitor-select', label: 'Known visitor, opted in (tier 2), no web profile: /activate sends to /join?rfr=2',
      password: null, firstName: 'Kay', lastName: 'Visitor', tierLevel: TIER_LEVELS.OptedIn, memberType: 'NonCardMember',
      hasWebProfile: false, active: true, interfaceType: 'known', ssoSubject: null,
    },
  ];
}

function ssoDrafts(): Draft[] {
  const linked = SSO_DEMO_ACCOUNTS.flatMap((a): Draft[] => (a.member ? [{
    slug: a.subject.replace(/^demo-/, 'sso-'), email: a.email, label: `${a.label} (single sign-on as ${a.subject})`,
    password: null, firstName: a.firstName, lastName: a.lastName, tierLevel: a.member.tierLevel, memberType: a.member.memberType,
    hasWebProfile: true, active: a.member.memberType !== 'ClosedAccountMember', interfaceType: 'sso', ssoSubject: a.subject,
  }] : []));
  return [...knownVisitorDrafts(), ...linked];
}

/** How many seeded demo members (public id demo-…) the database holds: none may exist in production. */
export async function countDemoMembers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(members).where(like(members.publicId, `${DEMO_PUBLIC_ID_PREFIX}%`));
  return row?.n ?? 0;
}

/**
 * Production refuses to serve a database seeded outside production: its demo members share a
 * published password.
 */
export async function assertNoDemoMembers(db: Db): Promise<void> {
  const n = await countDemoMembers(db);
  if (n > 0) {
    throw new Error(`This database holds ${n} demo members with the published demo password (it was seeded outside production). Production must start on a database seeded in production (catalogue only): use a new database, or delete the members whose public_id starts with "demo-".`);
  }
}

/** Every seeded demo member's public id starts with this; real members' never do (see ids.ts). */
export const DEMO_PUBLIC_ID_PREFIX = 'demo-';

/** A deterministic public id, so documentation can link /activate?public_id=… */
export function demoPublicId(partnerCode: string, slug: string): string {
  return `${DEMO_PUBLIC_ID_PREFIX}${partnerCode.toLowerCase()}-${slug}`;
}

/** The demo accounts of one partner, in a fixed order (none for partners without enrolment). */
export function demoMembersFor(partner: Pick<DemoPartner, 'code' | 'enrollmentType'>): DemoMember[] {
  const code = partner.code.toLowerCase();
  const drafts = canSignInWithPassword(partner) ? directDrafts() : usesSingleSignOn(partner) ? ssoDrafts() : [];
  return drafts.map(({ slug, email, ...d }, i) => ({
    ...d,
    publicId: demoPublicId(code, slug),
    email: email?.includes('@') ? email : `${email ?? slug.replace(/-/g, '.')}@${code}.example.com`,
    // DM0001…: the same numbers on every partner (they are unique per partner), with the §5 check character.
    partnerNumber: withCheckCharacter(`DM${String(i + 1).padStart(4, '0')}`),
  }));
}

const ADDRESSES = [
  { address1: '350 Fifth Avenue', city: 'New York', state: 'NY', zipCode: '10118' },
  { address1: '233 S Wacker Drive', city: 'Chicago', state: 'IL', zipCode: '60606' },
  { address1: '1 Ferry Building', city: 'San Francisco', state: 'CA', zipCode: '94111' },
  { address1: '100 Congress Avenue', city: 'Austin', state: 'TX', zipCode: '78701' },
  { address1: '265 Peachtree Street', city: 'Atlanta', state: 'GA', zipCode: '30303' },
] as const;

function diningProgress(tierLevel: number, memberType: MemberType): MemberDiningProgress {
  if (tierLevel === TIER_LEVELS.VIP) return { status: 'Qualified', dinesRequired: 12, remainingDines: 0, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 2450 };
  if (memberType === 'EnrolledCardMember') return { status: 'Building', dinesRequired: 12, remainingDines: 8, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 310 };
  return { status: 'Building', dinesRequired: 12, remainingDines: 12, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0 };
}

/** The member rows of one partner; `passwordHash` is the hash of DEMO_PASSWORD (computed once). */
export function demoMemberRows(partner: DemoPartner & { id: number }, passwordHash: string, now: Date = new Date()): NewMemberRow[] {
  const sms = smsOptInOffered(partner);
  return demoMembersFor(partner).map((m, i) => {
    const address = ADDRESSES[i % ADDRESSES.length]!;
    const phone = `212555${String(100 + i).padStart(4, '0')}`;
    const joinDate = m.joinedDaysAgo === undefined ? new Date(Date.UTC(2025, i % 12, 1 + (i % 27), 15, 0, 0)) : new Date(now.getTime() - m.joinedDaysAgo * 86_400_000);
    const smsOptIn = sms && m.tierLevel >= TIER_LEVELS.OptedIn;
    return {
      partnerId: partner.id,
      publicId: m.publicId,
      email: m.email,
      // Tier 0 means opted out of e-mail (§4 home copy variants).
      emailOptIn: m.tierLevel !== TIER_LEVELS.OptedOut,
      passwordHash: m.password ? passwordHash : null,
      partnerNumber: m.partnerNumber,
      firstName: m.firstName,
      lastName: m.lastName,
      ...address,
      address2: i % 3 === 0 ? 'Suite 100' : '',
      phoneNumber: phone,
      smsOptIn,
      // The consent record says where the opt-in came from: the demo data, not a person's consent.
      ...(smsOptIn ? { smsConsentAt: joinDate, smsConsentSource: 'demo' as const, smsConsentText: 'Opted in by the demo data; no consent was given by a person.' } : {}),
      joinDate,
      enrollmentSource: m.interfaceType === 'known' ? 'partner' : m.interfaceType === 'sso' ? 'sso' : 'web',
      memberType: m.memberType,
      tierLevel: m.tierLevel,
      diningProgress: diningProgress(m.tierLevel, m.memberType),
      interfaceType: m.interfaceType,
      hasWebProfile: m.hasWebProfile,
      active: m.active,
      ssoSubject: m.ssoSubject,
    };
  });
}

/** Inserts the demo members of every partner (inside the seed transaction). */
export async function seedMembers(db: Db, partnerRows: ReadonlyArray<DemoPartner & { id: number }>): Promise<number> {
  // argon2id is deliberately slow: one hash for every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  // One statement for every partner's members (insertJsonRows: a column given in one row is given in all).
  const rows = partnerRows.flatMap((p) => demoMemberRows(p, passwordHash, now))
    .map((row) => ({ smsConsentAt: null, smsConsentSource: null, smsConsentText: null, ...row }));
  await insertJsonRows(db, members, rows);
  return rows.length;
}
