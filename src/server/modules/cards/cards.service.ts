import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberCardRow, MemberRow, PartnerCardRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { BRAND_CODES, CARD_BRANDS, CARD_OPT_IN_REQUIRED, CARD_TERMS_REQUIRED, MAX_CARDS_PER_MEMBER, type CardBrand } from '#shared/constants/card';
import { acceptedBrandsMessage, checkCardNumber, detectBrand } from '#shared/rules/card';
import type { Card, ZCardRegistration, ZCreditCardInput } from '#shared/schemas/card';
import { cardFingerprints, decryptCardNumber, type CardKeys, type FingerprintKeys } from './card-crypto';
import { cardMoveMessage, cardMoveNotice, programmeList } from '#shared/rules/card-move';
import { programName } from '#shared/rules/partner-features';
import { recordCardMoved } from '../notifications';
import {
  cardHolder, cardsInOtherProgrammes, countMemberCards, deleteAllMemberCards, deleteMemberCard, insertMemberCard, listMemberCards, listPartnerCards, lockFingerprints, lockMember,
  rekeyMemberCard, removeMovedCard, setMemberType, type OtherProgrammeCard,
} from './cards.repo';

export type CreditCardInput = z.infer<typeof ZCreditCardInput>;
export type CardRegistration = z.infer<typeof ZCardRegistration>;
type Accepted = ReadonlyArray<'AMEX' | 'DISC' | 'MAST' | 'VISA'>;

/** Per-card result codes of docs/api-cards.md and their messages (never a card number in them). */
export const CARD_ERRORS = {
  INVALID_CARD: 'We could not read this card number. Please enter it again.',
  ALREADY_LINKED: 'This card is already linked to your account.',
  LINKED_TO_OTHER_MEMBER: 'This card is linked to another account. Please contact customer support.',
  MAX_CARDS: `You can link at most ${MAX_CARDS_PER_MEMBER} cards to your account.`,
  UNKNOWN_PARTNER_CARD: 'We could not find that card.',
} as const;
export type CardErrorCode = keyof typeof CARD_ERRORS | 'BRAND_NOT_ACCEPTED';
export const CARD_NOT_FOUND = 'We could not find that card.';
export const NO_PARTNER_CARDS = 'This program has no partner cards.';

export function toCard(row: MemberCardRow): Card {
  return { id: row.id, partnerCardId: row.partnerCardId, cardType: row.cardType, lastFour: row.lastFour, description: row.description };
}
export function partnerCardToCard(row: PartnerCardRow): Card {
  return { id: row.id, partnerCardId: row.id, cardType: row.cardType, lastFour: row.lastFour, description: row.description };
}

/** §3 description of a card entered by hand: its brand, e.g. 'Visa'. */
export const manualDescription = (brand: CardBrand) => brand;

export function accepted(partner: PartnerRow): Accepted {
  return partner.cardTypesAccepted.filter((c): c is Accepted[number] => (Object.values(BRAND_CODES) as string[]).includes(c));
}

/** A card ready to link: everything but the owner. */
type Candidate = {
  cardType: CardBrand; lastFour: string; description: string; fingerprint: string; fingerprintKeyId: string | null; partnerCardId: number | null;
  /** Every fingerprint the card may already be stored under (the current key's first, then earlier keys'). */
  knownAs: string[];
};
type Prepared = { ok: true; card: Candidate } | { ok: false; shown: CardRegistration[number]['memberCard']; code: CardErrorCode; message: string };

/**
 * Decrypts a manual card in memory and re-checks everything the frame checked: the brand is
 * accepted, the number passes Luhn and length, and lastFour/cardType sent beside it agree with it.
 */
export function prepareManualCard(
  input: { encryptedCardNumber: string; lastFour: string; cardType: CardBrand },
  ctx: { keys: CardKeys; fingerprintKeys: FingerprintKeys; accepted: Accepted; partnerCards: PartnerCardRow[] },
): Prepared {
  const shown = { id: null, cardType: input.cardType, lastFour: input.lastFour, description: manualDescription(input.cardType) };
  const fail = (code: CardErrorCode, message: string): Prepared => ({ ok: false, shown, code, message });
  const digits = decryptCardNumber(ctx.keys.privateKey, input.encryptedCardNumber);
  if (!digits) return fail('INVALID_CARD', CARD_ERRORS.INVALID_CARD);
  const brand = detectBrand(digits);
  if (!brand || !ctx.accepted.includes(BRAND_CODES[brand])) return fail('BRAND_NOT_ACCEPTED', acceptedBrandsMessage(ctx.accepted));
  const check = checkCardNumber(digits, ctx.accepted);
  if (!check.ok) return fail('INVALID_CARD', check.message);
  if (check.lastFour !== input.lastFour || check.brand !== input.cardType) return fail('INVALID_CARD', CARD_ERRORS.INVALID_CARD);
  const { current, keyId, all } = cardFingerprints(ctx.fingerprintKeys, digits);
  // The same number as one of the member's partner-loaded cards: link it as that card.
  const partnerCard = ctx.partnerCards.find((p) => all.includes(p.fingerprint));
  return {
    ok: true,
    card: {
      cardType: check.brand, lastFour: check.lastFour, description: manualDescription(check.brand),
      fingerprint: current, fingerprintKeyId: keyId, knownAs: all, partnerCardId: partnerCard?.id ?? null,
    },
  };
}

function preparePartnerCard(cardId: number, partnerCards: PartnerCardRow[]): Prepared {
  const row = partnerCards.find((p) => p.id === cardId);
  if (!row) {
    // The card is not this member's: nothing about it is revealed.
    return { ok: false, shown: { id: null, cardType: CARD_BRANDS[0], lastFour: '', description: 'Partner card' }, code: 'UNKNOWN_PARTNER_CARD', message: CARD_ERRORS.UNKNOWN_PARTNER_CARD };
  }
  return {
    ok: true,
    card: { cardType: row.cardType, lastFour: row.lastFour, description: row.description, fingerprint: row.fingerprint, fingerprintKeyId: null, knownAs: [row.fingerprint], partnerCardId: row.id },
  };
}

export type AddCardsResult = {
  linked: number; cardRegistration: CardRegistration; memberType: MemberRow['memberType'];
  /** Cards moved here from another programme: the notifications rows of their former members' mails. */
  movedNotices: number[];
};

/**
 * POST /api/Member/Cards after the captcha: each card gets its own result (§3 card registration).
 * Cards are linked in submission order under a lock on the member row, so the per-member maximum
 * and the duplicate checks hold across concurrent submissions. A first linked card makes the member
 * an EnrolledCardMember (also re-enrolment of a closed account, which is active again). §5: nothing
 * is linked without the accepted terms and the direct-file-feed opt-in (the request schema asks
 * for both; checked here again for any other caller).
 */
export async function addCards(db: Db, opts: {
  partner: PartnerRow; member: MemberRow; creditCards: CreditCardInput[]; directFileFeedOptIn: true; termsAccepted: true;
  keys: CardKeys; fingerprintKeys: FingerprintKeys;
  /** The member confirmed moving cards that earn in another programme (else such a submission answers 409). */
  confirmMove?: boolean;
}): Promise<AddCardsResult> {
  const { partner, member } = opts;
  const missing = [
    ...(opts.directFileFeedOptIn === true ? [] : [{ field: 'directFileFeedOptIn', message: CARD_OPT_IN_REQUIRED }]),
    ...(opts.termsAccepted === true ? [] : [{ field: 'termsAccepted', message: CARD_TERMS_REQUIRED }]),
  ];
  if (missing.length > 0) throw AppError.badRequest(missing.map((m) => m.message).join(' '), missing);
  const owner = { partnerId: partner.id, memberId: member.id };
  const partnerCards = partner.hasPartnerLoadedCards ? await listPartnerCards(db, owner) : [];
  const ctx = { keys: opts.keys, fingerprintKeys: opts.fingerprintKeys, accepted: accepted(partner), partnerCards };
  // Decryption happens before the transaction, so no lock is held while RSA runs.
  const prepared = opts.creditCards.map((c) => ('cardId' in c ? preparePartnerCard(c.cardId, partnerCards) : prepareManualCard(c, ctx)));

  return db.transaction(async (tx) => {
    const locked = await lockMember(tx, member.id);
    if (!locked) throw AppError.unauthorized();
    await lockFingerprints(tx, prepared.flatMap((p) => (p.ok ? p.card.knownAs : [])));
    const existing = await listMemberCards(tx, owner);
    const mine = new Set(existing.map((c) => c.fingerprint));
    const elsewhere = await cardsElsewhere(tx, { partner, prepared, mine, confirmMove: opts.confirmMove === true });
    let total = existing.length;
    const cardRegistration: CardRegistration = [];
    const movedNotices: number[] = [];
    for (const p of prepared) {
      if (!p.ok) {
        cardRegistration.push({ memberCard: p.shown, error: { code: p.code, message: p.message } });
        continue;
      }
      const { knownAs, ...card } = p.card;
      const shown = { id: null, cardType: card.cardType, lastFour: card.lastFour, description: card.description };
      const refuse = (code: CardErrorCode, message: string) => cardRegistration.push({ memberCard: shown, error: { code, message } });
      if (knownAs.some((f) => mine.has(f))) {
        refuse('ALREADY_LINKED', CARD_ERRORS.ALREADY_LINKED);
        continue;
      }
      const holder = await cardHolder(tx, partner.id, knownAs);
      if (holder) {
        // Stored under an earlier key: moved to the current one now that the number is at hand.
        if (holder.fingerprint !== card.fingerprint && card.fingerprintKeyId) await rekeyMemberCard(tx, holder.id, card.fingerprint, card.fingerprintKeyId);
        refuse(holder.memberId === member.id ? 'ALREADY_LINKED' : 'LINKED_TO_OTHER_MEMBER', holder.memberId === member.id ? CARD_ERRORS.ALREADY_LINKED : CARD_ERRORS.LINKED_TO_OTHER_MEMBER);
        continue;
      }
      if (total >= MAX_CARDS_PER_MEMBER) {
        refuse('MAX_CARDS', CARD_ERRORS.MAX_CARDS);
        continue;
      }
      const row = await insertMemberCard(tx, { ...owner, ...card, directFileFeedOptIn: true });
      if (!row) {
        // Another member linked it between the check and the insert.
        refuse('LINKED_TO_OTHER_MEMBER', CARD_ERRORS.LINKED_TO_OTHER_MEMBER);
        continue;
      }
      knownAs.forEach((f) => mine.add(f));
      total += 1;
      // Linked here: it leaves the other programmes, and their members are told.
      for (const other of elsewhere.filter((o) => knownAs.includes(o.fingerprint))) {
        const notice = await moveAway(tx, other);
        if (notice !== null) movedNotices.push(notice);
      }
      cardRegistration.push({ memberCard: { id: row.id, cardType: row.cardType, lastFour: row.lastFour, description: row.description }, error: null });
    }
    const linked = cardRegistration.filter((r) => r.error === null).length;
    let memberType = locked.memberType;
    if (linked > 0 && memberType !== 'EnrolledCardMember') {
      memberType = 'EnrolledCardMember';
      await setMemberType(tx, member.id, memberType, { active: true });
    }
    return { linked, cardRegistration, memberType, movedNotices };
  });
}

/**
 * The cards of this submission that earn in another partner's programme of the deployment (found
 * by fingerprint): only cards that would otherwise link here (not already this member's, not
 * another member's of this partner). Without the member's confirmation that is a 409 naming the
 * other programme — nothing about its member — and nothing is linked.
 */
async function cardsElsewhere(tx: Db, opts: { partner: PartnerRow; prepared: Prepared[]; mine: Set<string>; confirmMove: boolean }): Promise<OtherProgrammeCard[]> {
  const found: OtherProgrammeCard[] = [];
  const notices: Array<{ index: number; cardType: string; lastFour: string; programme: string }> = [];
  for (const [index, p] of opts.prepared.entries()) {
    if (!p.ok || p.card.knownAs.some((f) => opts.mine.has(f))) continue;
    if (await cardHolder(tx, opts.partner.id, p.card.knownAs)) continue;
    const others = await cardsInOtherProgrammes(tx, opts.partner.id, p.card.knownAs);
    if (others.length === 0) continue;
    found.push(...others);
    notices.push({ index, cardType: p.card.cardType, lastFour: p.card.lastFour, programme: programmeList(others.map((o) => programName(o.partner))) });
  }
  if (notices.length > 0 && !opts.confirmMove) {
    const single = opts.prepared.length === 1;
    throw new AppError(409, cardMoveMessage(notices, { submitted: opts.prepared.length }), {
      code: 'cardInOtherProgramme',
      fieldErrors: notices.map((n) => ({ field: `creditCards.${n.index}`, message: cardMoveNotice(n, n.programme, { single }) })),
    });
  }
  return found;
}

/**
 * Takes a card out of another programme after it was linked here: its member's row is locked
 * first (the order deleteCard uses, so the two never wait on each other), the card removed; a
 * member left without a card there becomes a NonCardMember (their account stays open: they did
 * not close it), and the 'cardMoved' mail is recorded in the same transaction.
 */
async function moveAway(tx: Db, card: OtherProgrammeCard): Promise<number | null> {
  const owner = await lockMember(tx, card.memberId);
  if (!owner || !(await removeMovedCard(tx, card.id))) return null;
  if (owner.memberType === 'EnrolledCardMember' && (await countMemberCards(tx, { partnerId: card.partnerId, memberId: card.memberId })) === 0) {
    await setMemberType(tx, card.memberId, 'NonCardMember');
  }
  return recordCardMoved(tx, { partnerId: card.partnerId, memberId: card.memberId, cardId: card.id, cardType: card.cardType, lastFour: card.lastFour });
}

/**
 * DELETE /api/Member/Cards?id=: only the member's own card on this partner (404 otherwise).
 * Deleting the last card closes the account: ClosedAccountMember and inactive, the state of a
 * seeded closed account, so sign-in and /activate treat both alike; the caller ends the session.
 */
export async function deleteCard(db: Db, opts: { partner: PartnerRow; member: MemberRow; id: number }): Promise<{ closed: boolean }> {
  const owner = { partnerId: opts.partner.id, memberId: opts.member.id };
  return db.transaction(async (tx) => {
    if (!(await lockMember(tx, opts.member.id))) throw AppError.unauthorized();
    const deleted = await deleteMemberCard(tx, { ...owner, id: opts.id });
    if (!deleted) throw AppError.notFound(CARD_NOT_FOUND);
    const left = await countMemberCards(tx, owner);
    if (left > 0) return { closed: false };
    await setMemberType(tx, opts.member.id, 'ClosedAccountMember', { active: false });
    return { closed: true };
  });
}

/**
 * Closes a member's account from the console: every card unlinked and the member
 * ClosedAccountMember and inactive, the state deleting the last card leaves (the member may
 * re-enrol with a card); rewards, dines and history stay. Null when it is closed already.
 */
export async function closeMemberAccount(db: Db, owner: { partnerId: number; memberId: number }): Promise<{ cardsRemoved: number } | null> {
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, owner.memberId);
    if (member && member.partnerId !== owner.partnerId) throw AppError.notFound('There is no such member on this partner.');
    if (!member || (member.memberType === 'ClosedAccountMember' && !member.active)) return null;
    const cardsRemoved = await deleteAllMemberCards(tx, owner);
    await setMemberType(tx, owner.memberId, 'ClosedAccountMember', { active: false });
    return { cardsRemoved };
  });
}

export async function memberCardList(db: Db, opts: { partner: PartnerRow; member: MemberRow }): Promise<Card[]> {
  return (await listMemberCards(db, { partnerId: opts.partner.id, memberId: opts.member.id })).map(toCard);
}

export async function partnerCardList(db: Db, opts: { partner: PartnerRow; member: MemberRow }): Promise<Card[]> {
  if (!opts.partner.hasPartnerLoadedCards) throw AppError.notFound(NO_PARTNER_CARDS);
  return (await listPartnerCards(db, { partnerId: opts.partner.id, memberId: opts.member.id })).map(partnerCardToCard);
}
