import { describe, expect, it } from 'vitest';
import { MAX_CARDS_PER_MEMBER, MAX_CARDS_PER_SUBMISSION } from '#shared/constants/card';
import { canAddCards, cardLimit, selectablePartnerCards, selectionState } from './card-selection';
import { endingIn, failedCardLine, linkedMessage, summariseRegistration } from './card-results';
import { makeCard } from './test/cards-fixtures';

describe('§5 card rules on the client', () => {
  it('excludes partner cards already linked (same brand and last four)', () => {
    const linked = [makeCard({ cardType: 'Visa', lastFour: '1111' })];
    const partner = [makeCard({ id: 10, cardType: 'Visa', lastFour: '1111' }), makeCard({ id: 11, cardType: 'Amex', lastFour: '1111' }), makeCard({ id: 12, lastFour: '2222' })];
    expect(selectablePartnerCards(partner, linked).map((c) => c.id)).toEqual([11, 12]);
  });

  it('limits a submission to 12 and the member to their room under the maximum', () => {
    expect(cardLimit(0)).toBe(MAX_CARDS_PER_SUBMISSION);
    expect(cardLimit(MAX_CARDS_PER_MEMBER - 5)).toBe(5);
    expect(cardLimit(MAX_CARDS_PER_MEMBER)).toBe(0);
    expect(canAddCards(MAX_CARDS_PER_MEMBER - 1)).toBe(true);
    expect(canAddCards(MAX_CARDS_PER_MEMBER)).toBe(false);
  });

  it('counts the manual card as one only when it has an encrypted number', () => {
    expect(selectionState({ selectedCount: 11, hasManualCard: false, linkedCount: 0 })).toMatchObject({ count: 11, atMax: false });
    expect(selectionState({ selectedCount: 11, hasManualCard: true, linkedCount: 0 })).toMatchObject({ count: 12, atMax: true, over: false });
    expect(selectionState({ selectedCount: 12, hasManualCard: true, linkedCount: 0 })).toMatchObject({ over: true });
  });

  it('words the results', () => {
    expect(endingIn(['1111'])).toBe('ending in 1111');
    expect(endingIn(['1111', '2222', '3333'])).toBe('ending in 1111, 2222 and 3333');
    expect(linkedMessage(['4242'])).toBe('Your card ending in 4242 has been linked.');
    expect(linkedMessage(['4242', '1111'])).toBe('Your cards ending in 4242 and 1111 have been linked.');
    const failed = { memberCard: { id: null, cardType: 'Visa' as const, lastFour: '4242', description: 'Visa card' }, error: { code: 'MAX_CARDS', message: 'You have reached the maximum.' } };
    const ok = { memberCard: { id: 1, cardType: 'Visa' as const, lastFour: '1111', description: 'Visa card' }, error: null };
    expect(failedCardLine(failed)).toBe('Visa card ending in 4242 - MAX_CARDS: You have reached the maximum.');
    expect(summariseRegistration([ok]).kind).toBe('success');
    expect(summariseRegistration([ok, failed]).kind).toBe('partial');
    expect(summariseRegistration([failed]).kind).toBe('failed');
  });
});
