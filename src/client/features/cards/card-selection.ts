import { MAX_CARDS_PER_MEMBER, MAX_CARDS_PER_SUBMISSION } from '#shared/constants/card';
import type { Card } from './api';

/** §5: partner cards that can be chosen: not already linked (same brand and last four). */
export function selectablePartnerCards(partnerCards: readonly Card[], linked: readonly Card[]): Card[] {
  return partnerCards.filter((p) => !linked.some((c) => c.cardType === p.cardType && c.lastFour === p.lastFour));
}

/** The id a partner card is submitted with ({ cardId }). */
export function partnerCardId(card: Card): number {
  return card.partnerCardId ?? card.id;
}

/** How many cards one submission may still link: 12 at a time, and no more than the member's room. */
export function cardLimit(linkedCount: number): number {
  return Math.max(0, Math.min(MAX_CARDS_PER_SUBMISSION, MAX_CARDS_PER_MEMBER - linkedCount));
}

/** Whether the member may add any card at all (manage cards shows the limit notice otherwise). */
export function canAddCards(linkedCount: number): boolean {
  return cardLimit(linkedCount) > 0;
}

export const MEMBER_LIMIT_NOTICE = `You have linked the maximum of ${MAX_CARDS_PER_MEMBER} cards. To link another card, delete one first.`;

export type SelectionState = {
  /** Cards the submission holds: chosen partner cards plus the manual card when it has a number. */
  count: number;
  limit: number;
  /** §5: at the maximum, unchosen partner cards are disabled and the warning shows. */
  atMax: boolean;
  over: boolean;
  /** §8 max-cards warning. */
  warning: string;
};

export function selectionState(opts: { selectedCount: number; hasManualCard: boolean; linkedCount: number }): SelectionState {
  const limit = cardLimit(opts.linkedCount);
  const count = opts.selectedCount + (opts.hasManualCard ? 1 : 0);
  const byMember = limit < MAX_CARDS_PER_SUBMISSION;
  const warning = byMember
    ? `You can have up to ${MAX_CARDS_PER_MEMBER} linked cards, so you can add ${limit} more ${limit === 1 ? 'card' : 'cards'}.`
    : `You can link up to ${MAX_CARDS_PER_SUBMISSION} cards at a time.`;
  return { count, limit, atMax: count >= limit, over: count > limit, warning };
}
