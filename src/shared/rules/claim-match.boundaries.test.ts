import { describe, expect, it } from 'vitest';
import { CLAIM_AMBIGUITY_GAP, CLAIM_REVIEW_SCORE, matchScore, pickMatch, SCORE_PENALTIES, type EventFacts } from './claim-match';

/** The claim matcher's limits on each side (issue 31 item 2): the review floor, the ambiguity gap, and what cannot be a purchase at all. */
const claim = { dineDate: '2026-11-20', amountCents: 5000 };
const event = (over: Partial<EventFacts> = {}): EventFacts => ({ localDate: '2026-11-20', amountCents: 5000, locationKnown: true, ...over });
const candidate = (key: string, facts: EventFacts) => ({ purchaseKey: key, facts, item: key });

describe('the review floor', () => {
  it(`keeps an event scoring exactly ${CLAIM_REVIEW_SCORE} (a day off, at an unknown terminal) for a person to decide`, () => {
    const facts = event({ localDate: '2026-11-21', locationKnown: false });
    expect(matchScore(claim, facts)).toBe(100 - SCORE_PENALTIES.adjacentDay - SCORE_PENALTIES.unknownLocation);
    expect(matchScore(claim, facts)).toBe(CLAIM_REVIEW_SCORE);
    expect(pickMatch(claim, [candidate('txn:a', facts)])).toMatchObject({ kind: 'match', score: CLAIM_REVIEW_SCORE, confidence: 'borderline' });
    // A cent of difference more takes it below the floor: not a match.
    expect(pickMatch(claim, [candidate('txn:a', { ...facts, amountCents: 4999 })])).toEqual({ kind: 'none' });
  });
});

describe('the ambiguity gap', () => {
  it(`calls two purchases ambiguous when their scores are less than ${CLAIM_AMBIGUITY_GAP} apart, not when exactly that`, () => {
    const best = event({ localDate: '2026-11-21' }); // 75
    const apart = event({ locationKnown: false }); // 65: exactly the gap below
    expect(matchScore(claim, best) - matchScore(claim, apart)).toBe(CLAIM_AMBIGUITY_GAP);
    expect(pickMatch(claim, [candidate('txn:best', best), candidate('txn:other', apart)])).toMatchObject({ purchaseKey: 'txn:best', ambiguous: false, confidence: 'high' });
    const close = event({ amountCents: 5050 }); // the same day, 1 % more: 89, fourteen above the 75 of the day after
    expect(pickMatch(claim, [candidate('txn:best', best), candidate('txn:close', close)])).toMatchObject({ purchaseKey: 'txn:close', ambiguous: false });
    const near = event({ localDate: '2026-11-19' }); // 75 as well: the same score, another purchase
    expect(pickMatch(claim, [candidate('txn:best', best), candidate('txn:near', near)])).toMatchObject({ purchaseKey: 'txn:best', ambiguous: true, confidence: 'borderline' });
    // The same purchase's other event is no rival.
    expect(pickMatch(claim, [candidate('txn:best', best), candidate('txn:best', near)])).toMatchObject({ ambiguous: false, confidence: 'high' });
  });
});

describe('what cannot be the purchase', () => {
  it('scores 0 for dates that do not parse and amounts of 0 or less, on either side', () => {
    expect(matchScore({ ...claim, dineDate: '2026-02-30' }, event())).toBe(0);
    expect(matchScore(claim, event({ localDate: 'yesterday' }))).toBe(0);
    expect(matchScore({ ...claim, amountCents: 0 }, event({ amountCents: 0 }))).toBe(0);
    expect(matchScore(claim, event({ amountCents: 0 }))).toBe(0);
    expect(matchScore({ ...claim, amountCents: -5000 }, event({ amountCents: -5000 }))).toBe(0);
    expect(matchScore({ ...claim, amountCents: 1 }, event({ amountCents: 1 }))).toBe(100);
  });
});
