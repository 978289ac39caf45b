import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bonusProgrammes, type NewPartnerRow } from '../db/schema';
import { INJECTED_BONUS_WINDOW_HOURS, type BonusProgramme } from '#shared/rules/bonuses';
import { moneyText } from '#shared/rules/bonus-terms';
import { partnerSeed } from './partners';

/**
 * The bonus catalogue of the demo partners (part of the catalogue, seeded in production too, like
 * content): a new-member bonus on every partner with enrolment, the two partner-specific bonuses
 * of §4 (Delta: members who joined through single sign-on; Hilton: members who joined through a
 * member's referral link, utm_source=accountcenter), both within 2160 hours of joining, and the
 * reservation bonus of §9 on partners that offer it. Amounts are in the partner's unit (miles,
 * points, or cents on cash-back partners); the descriptions and the copy of content.ts are worded
 * from these figures, never typed again.
 */

/** A bonus programme as seeded (the row's id comes with the insert). */
export type BonusSeed = Omit<BonusProgramme, 'id'>;

type BonusPartner = Pick<NewPartnerRow, 'code'> & Partial<Pick<NewPartnerRow, 'enrollmentType' | 'currencyType' | 'hasReservationBonus'>>;

/** 30 days, in hours: the new-member bonus's window. */
export const NEW_MEMBER_WINDOW_HOURS = 720;
/** $25: the new-member bonus's minimum spend. */
export const NEW_MEMBER_MIN_SPEND_CENTS = 2500;

const days = (hours: number) => Math.round(hours / 24);
/** "of $25 or more " when there is a minimum spend. */
const ofAtLeast = (cents: number) => (cents > 0 ? `of ${moneyText(cents)} or more ` : '');

/** What the partner-specific bonuses are for, in a few words (their banners' headings, content.ts). */
export const INJECTED_BONUS_TITLES: Record<string, string> = { SSOJOIN: 'Joined with your airline account', REFERRED: 'Joined through a friend\u2019s link' };

/** The partner-specific bonuses of §4 (the ones the original app injected on the client). */
const INJECTED: Record<string, BonusSeed> = {
  delta: injected({ code: 'SSOJOIN', amount: 500, unit: 'bonus miles', minSpendCents: 0, enrollmentSource: 'sso' }),
  hilton: injected({ code: 'REFERRED', amount: 1000, unit: 'bonus points', minSpendCents: NEW_MEMBER_MIN_SPEND_CENTS, enrollmentSource: 'accountcenter' }),
};

function injected(b: { code: string; amount: number; unit: string; minSpendCents: number; enrollmentSource: string }): BonusSeed {
  const windowHours = INJECTED_BONUS_WINDOW_HOURS;
  return {
    code: b.code, kind: 'injected', amount: b.amount, minSpendCents: b.minSpendCents, windowHours, enrollmentSource: b.enrollmentSource,
    description: `${INJECTED_BONUS_TITLES[b.code]}: ${b.amount.toLocaleString('en-US')} ${b.unit} on your first qualifying dine ${ofAtLeast(b.minSpendCents)}within ${days(windowHours)} days of joining.`,
  };
}

function unitAmounts(currency: string): { welcome: number; reservation: number; label: (n: number) => string } {
  switch (currency) {
    case 'Dollar':
    case 'Credit':
      return { welcome: 1000, reservation: 200, label: (n) => `$${(n / 100).toFixed(0)} in bonus cash back` };
    case 'Point':
      return { welcome: 2500, reservation: 100, label: (n) => `${n.toLocaleString('en-US')} bonus points` };
    default:
      return { welcome: 1000, reservation: 50, label: (n) => `${n.toLocaleString('en-US')} bonus miles` };
  }
}

/** The bonus programmes of one partner. */
export function bonusCatalogue(partner: BonusPartner): BonusSeed[] {
  const seed = partnerSeed(partner.code);
  const enrollment = partner.enrollmentType ?? seed?.enrollmentType ?? 'direct';
  const units = unitAmounts(partner.currencyType ?? seed?.currencyType ?? 'Mile');
  const list: BonusSeed[] = [];
  if (enrollment !== 'none') {
    list.push({
      code: 'NEWMBR', kind: 'newMember', amount: units.welcome, minSpendCents: NEW_MEMBER_MIN_SPEND_CENTS, windowHours: NEW_MEMBER_WINDOW_HOURS, enrollmentSource: null,
      description: `New member bonus: ${units.label(units.welcome)} on your first qualifying dine ${ofAtLeast(NEW_MEMBER_MIN_SPEND_CENTS)}within ${days(NEW_MEMBER_WINDOW_HOURS)} days of joining.`,
    });
  }
  const injected = INJECTED[partner.code.toLowerCase()];
  if (injected && enrollment !== 'none') list.push(injected);
  if (partner.hasReservationBonus ?? seed?.switches.hasReservationBonus) {
    list.push({
      code: 'RESERVE', kind: 'reservation', amount: units.reservation, minSpendCents: 0, windowHours: 0, enrollmentSource: null,
      description: `Reservation bonus: ${units.label(units.reservation)} for a reservation booked here and honoured.`,
    });
  }
  return list;
}

/** Inserts the catalogue of these partners; a programme that exists (same partner and code) is kept as it is. */
export async function seedBonusProgrammes(db: Pick<Db, 'insert'>, partnerRows: ReadonlyArray<BonusPartner & { id: number }>): Promise<number> {
  const rows = partnerRows.flatMap((p) => bonusCatalogue(p).map((b) => ({ partnerId: p.id, ...b })));
  if (rows.length === 0) return 0;
  const inserted = await db.insert(bonusProgrammes).values(rows).onConflictDoNothing().returning({ id: bonusProgrammes.id });
  return inserted.length;
}

/** For data folders seeded before bonuses existed: the catalogue of every partner, missing programmes only. */
export async function ensureBonusCatalogue(db: Db): Promise<number> {
  const found = await db.execute(sql`select id, code, enrollment_type, currency_type, has_reservation_bonus from partners`);
  const partners = (found as unknown as { rows: Array<{ id: number; code: string; enrollment_type: 'direct' | 'sso' | 'none'; currency_type: 'Mile' | 'Point' | 'Dollar' | 'Credit'; has_reservation_bonus: boolean }> }).rows;
  return seedBonusProgrammes(db, partners.map((p) => ({ id: p.id, code: p.code, enrollmentType: p.enrollment_type, currencyType: p.currency_type, hasReservationBonus: p.has_reservation_bonus })));
}
