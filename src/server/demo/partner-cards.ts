import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberCards, members, partnerCards, type NewPartnerRow } from '../db/schema';
import { NEW_MEMBER_SLUGS } from './members';
import { cardFingerprint, FINGERPRINT_SECRET, fingerprintKeyId } from '../modules/cards/card-crypto';
import { getOrCreateSecret } from '../lib/secrets';
import { BRAND_CODES, type CardBrand } from '#shared/constants/card';
import { checkCardNumber, luhnValid } from '#shared/rules/card';
import { partnerSeed } from './partners';
import { insertJsonRows, insertJsonRowsReturning } from './bulk-insert';

/**
 * Demo cards. Partners with partner-loaded cards know two cards of each demo member who can sign
 * in (partner_cards); every demo card member (EnrolledCardMember) has one linked card
 * (member_cards) — on those partners its first partner card, elsewhere a card of its own. Only
 * brand, last four, a description and the keyed fingerprint (the same function as linking uses)
 * are stored, never a number.
 *
 * The numbers are published payment-provider test numbers, then (there are more demo cards than
 * published numbers) generated ones in the same test ranges. The best-known ones are kept out of
 * the seed (RESERVED_TEST_NUMBERS) so that typing them in the card frame always links a new card.
 * Every number is used once in the whole deployment: a card earns in one programme at a time
 * (docs/api-cards.md), so no demo card sits in two programmes.
 */
export const RESERVED_TEST_NUMBERS: readonly string[] = [
  '4111111111111111', '4242424242424242', '4012888888881881', '4222222222222',
  '5555555555554444', '2223003122003222', '5105105105105100',
  '378282246310005', '371449635398431',
  '6011111111111117', '6011000990139424',
];

const SEED_NUMBERS: Record<CardBrand, readonly string[]> = {
  Visa: [
    '4000056655665556', '4000002500003155', '4000002760003184', '4000003800000446', '4000000000003220', '4000000000009995',
    '4000000000000002', '4000000000000069', '4000000000000119', '4000000000000127', '4000000000000101', '4100000000000019',
    '4000000000000077', '4000000000000093', '4000000000000341', '4000000000000259', '4000000000003063', '4000000000003055',
    '4000008400001629', '4000000760000002', '4000001240000000', '4000004840008001', '4000000000000010', '4000000000000028',
    '4000000000000036', '4000000000000044', '4000000000005126', '4000000000001976', '4000000000006975', '4000000400000008',
    '4000000560000004', '4000002080000001', '4000002460000001', '4000002500000003', '4000002760000016', '4000003720000005',
    '4000003800000008', '4000007240000007', '4000007520000008', '4000058260000005', '4000000360000006', '4000003560000008',
    '4000001560000002',
  ],
  Mastercard: ['5200828282828210', '5454545454545454', '2222420000001113', '2223000048410010', '5425233430109903', '5500000000000004', '5431111111111111'],
  Amex: ['378734493671000', '340000000000009', '370000000000002', '374245455400126'],
  Discover: ['6011981111111113', '6011601160116611', '6445644564456445', '6011000400000000'],
};

type Accepted = ReadonlyArray<'AMEX' | 'DISC' | 'MAST' | 'VISA'>;

/** The seed numbers a partner accepts, brands interleaved (Visa, Mastercard, Amex, Discover, Visa, …). */
export function seedNumberPool(accepted: Accepted): string[] {
  const lists = (Object.keys(SEED_NUMBERS) as CardBrand[]).filter((b) => accepted.includes(BRAND_CODES[b])).map((b) => SEED_NUMBERS[b]);
  const longest = Math.max(0, ...lists.map((l) => l.length));
  const pool: string[] = [];
  for (let i = 0; i < longest; i++) for (const l of lists) if (l[i]) pool.push(l[i]!);
  return pool;
}

const GENERATED_PREFIX: Record<CardBrand, string> = { Visa: '4000009', Mastercard: '5100009', Amex: '3400009', Discover: '6011009' };
const GENERATED_LENGTH: Record<CardBrand, number> = { Visa: 16, Mastercard: 16, Amex: 15, Discover: 16 };

/** The i-th generated number of a brand: its test prefix, the serial, and the Luhn check digit. */
export function generatedNumber(brand: CardBrand, i: number): string {
  const body = GENERATED_PREFIX[brand] + String(i).padStart(GENERATED_LENGTH[brand] - GENERATED_PREFIX[brand].length - 1, '0');
  for (let d = 0; d < 10; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

/** Every demo number for a partner accepting these brands, in order: the published pool, then generated ones (brands interleaved). Endless. */
export function* seedNumbers(accepted: Accepted): Generator<string, never> {
  yield* seedNumberPool(accepted);
  const brands = (Object.keys(SEED_NUMBERS) as CardBrand[]).filter((b) => accepted.includes(BRAND_CODES[b]));
  if (brands.length === 0) throw new Error('A partner accepts no card brand.');
  for (let i = 0; ; i++) for (const b of brands) yield generatedNumber(b, i);
}

type SeedPartner = Pick<NewPartnerRow, 'code' | 'hasPartnerLoadedCards' | 'cardTypesAccepted'> & { id: number };
type Described = { cardType: CardBrand; lastFour: string; description: string; fingerprint: string; fingerprintKeyId: string };

function describeCard(number: string, accepted: Accepted, key: Buffer, description: (brand: CardBrand) => string): Described {
  const check = checkCardNumber(number, accepted);
  if (!check.ok) throw new Error('A seed card number is not valid for its partner.');
  return { cardType: check.brand, lastFour: check.lastFour, description: description(check.brand), fingerprint: cardFingerprint(key, number), fingerprintKeyId: fingerprintKeyId(key) };
}

/** Inserts the demo cards (inside the seed transaction, after the members). */
export async function seedPartnerCards(db: Db, partnerRows: readonly SeedPartner[], opts: { fingerprintKey?: Buffer } = {}): Promise<{ partnerCards: number; memberCards: number }> {
  const key = opts.fingerprintKey ?? await getOrCreateSecret(db, FINGERPRINT_SECRET);
  const ids = partnerRows.map((p) => p.id);
  if (ids.length === 0) return { partnerCards: 0, memberCards: 0 };
  const demo = await db.select({ id: members.id, partnerId: members.partnerId, memberType: members.memberType, hasWebProfile: members.hasWebProfile, publicId: members.publicId })
    .from(members).where(inArray(members.partnerId, ids)).orderBy(asc(members.id));
  // The new-member accounts (bonuses) take their cards after every other account of every partner,
  // so the other accounts keep the cards they had before those accounts existed.
  const late = (m: { publicId: string }) => NEW_MEMBER_SLUGS.some((slug) => m.publicId.endsWith(`-${slug}`));
  const partnerCardRows: Array<typeof partnerCards.$inferInsert> = [];
  // Linked cards in order; on partner-loaded partners a member's first partner card, known by its fingerprint until its id is.
  const linked: Array<{ row: typeof memberCards.$inferInsert; partnerCardFingerprint?: string }> = [];
  // Numbers given out so far, on any partner: each demo card is in one programme only.
  const used = new Set<string>();
  const generators = new Map<number, Generator<string, never>>();
  for (const pass of [false, true]) for (const partner of partnerRows) {
    const accepted = (partner.cardTypesAccepted ?? ['AMEX', 'DISC', 'MAST', 'VISA']) as Accepted;
    const brandName = partnerSeed(partner.code)?.brand ?? partner.code;
    const numbers = generators.get(partner.id) ?? seedNumbers(accepted);
    generators.set(partner.id, numbers);
    const take = (): string => {
      for (;;) {
        const n = numbers.next().value;
        if (!used.has(n)) {
          used.add(n);
          return n;
        }
      }
    };
    for (const m of demo.filter((d) => d.partnerId === partner.id && late(d) === pass)) {
      let first: Omit<Described, 'fingerprintKeyId'> | undefined;
      if (partner.hasPartnerLoadedCards && m.hasWebProfile) {
        const pair = [take(), take()].map((n) => {
          // Partner cards keep the fingerprint only: the partner's feed replaces them whole.
          const { fingerprintKeyId: _keyId, ...card } = describeCard(n, accepted, key, (b) => `${brandName} ${b}`);
          return { partnerId: partner.id, memberId: m.id, ...card };
        });
        partnerCardRows.push(...pair);
        first = pair[0];
      }
      if (m.memberType !== 'EnrolledCardMember') continue;
      if (first) {
        const { cardType, lastFour, description, fingerprint } = first;
        linked.push({ row: { partnerId: partner.id, memberId: m.id, cardType, lastFour, description, fingerprint, fingerprintKeyId: fingerprintKeyId(key), partnerCardId: null }, partnerCardFingerprint: fingerprint });
        continue;
      }
      linked.push({ row: { partnerId: partner.id, memberId: m.id, ...describeCard(take(), accepted, key, (b) => b), partnerCardId: null } });
    }
  }
  // One statement per table: the partner cards (their ids answered by fingerprint, each number being used once), then the linked cards.
  const inserted = await insertJsonRowsReturning<typeof partnerCards, { id: number; fingerprint: string }>(db, partnerCards, partnerCardRows, ['id', 'fingerprint']);
  const partnerCardId = new Map(inserted.map((r) => [r.fingerprint, r.id]));
  await insertJsonRows(db, memberCards, linked.map(({ row, partnerCardFingerprint }) => {
    if (partnerCardFingerprint === undefined) return row;
    const id = partnerCardId.get(partnerCardFingerprint);
    if (id === undefined) throw new Error('A demo partner card was not inserted.');
    return { ...row, partnerCardId: id };
  }));
  return { partnerCards: inserted.length, memberCards: linked.length };
}
