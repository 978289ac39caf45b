import { describe, expect, it } from 'vitest';
import { CLAIM_MATCH_SCORE, CLAIM_REVIEW_SCORE, matchScore, pickMatch, type Candidate } from './claim-match';

const claim = { dineDate: '2026-11-10', amountCents: 6000 };
const ev = (over: Partial<{ localDate: string; amountCents: number; locationKnown: boolean }> = {}) => ({ localDate: '2026-11-10', amountCents: 6000, locationKnown: true, ...over });

describe('matchScore', () => {
  it('scores the exact amount on the same day 100', () => {
    expect(matchScore(claim, ev())).toBe(100);
  });
  it('scores an amount within the tip margin lower, the further off the lower', () => {
    const tip15 = matchScore(claim, ev({ amountCents: 5217 })); // bill before a 15 % tip
    const tip25 = matchScore(claim, ev({ amountCents: 4800 }));
    expect(tip15).toBe(100 - 10 - Math.round(40 * (783 / 5217)));
    expect(tip15).toBeGreaterThan(tip25);
    expect(tip25).toBeGreaterThanOrEqual(CLAIM_MATCH_SCORE);
    expect(matchScore(claim, ev({ amountCents: 6001 }))).toBe(90);
  });
  it('scores the day before or after lower still; two days off is no match', () => {
    expect(matchScore(claim, ev({ localDate: '2026-11-09' }))).toBe(75);
    expect(matchScore(claim, ev({ localDate: '2026-11-11' }))).toBe(75);
    expect(matchScore(claim, ev({ localDate: '2026-11-12' }))).toBe(0);
    expect(matchScore(claim, ev({ localDate: '2026-11-08' }))).toBe(0);
  });
  it('puts the tip margin and a day off together below the automatic match (borderline)', () => {
    const s = matchScore(claim, ev({ localDate: '2026-11-11', amountCents: 5000 }));
    expect(s).toBeLessThan(CLAIM_MATCH_SCORE);
    expect(s).toBeGreaterThanOrEqual(CLAIM_REVIEW_SCORE);
  });
  it('is no match beyond the tip margin, either way', () => {
    expect(matchScore(claim, ev({ amountCents: 4615 }))).toBe(0); // 6000 is 30.01 % more
    expect(matchScore(claim, ev({ amountCents: 4616 }))).toBeGreaterThan(0);
    expect(matchScore(claim, ev({ amountCents: 7801 }))).toBe(0);
    expect(matchScore(claim, ev({ amountCents: 7800 }))).toBeGreaterThan(0);
  });
  it('marks an unknown network location borderline even with the exact amount', () => {
    expect(matchScore(claim, ev({ locationKnown: false }))).toBe(65);
    expect(matchScore(claim, ev({ locationKnown: false, localDate: '2026-11-11', amountCents: 5000 }))).toBe(22);
    expect(pickMatch(claim, [{ purchaseKey: 'x', facts: ev({ locationKnown: false, localDate: '2026-11-11', amountCents: 5000 }), item: 1 }])).toEqual({ kind: 'none' });
  });
  it('never matches nonsense', () => {
    expect(matchScore({ ...claim, amountCents: 0 }, ev())).toBe(0);
    expect(matchScore(claim, ev({ amountCents: -6000 }))).toBe(0);
    expect(matchScore({ ...claim, dineDate: 'x' }, ev())).toBe(0);
  });
});

describe('pickMatch', () => {
  const cand = (key: string, over: Parameters<typeof ev>[0] = {}): Candidate<string> => ({ purchaseKey: key, facts: ev(over), item: `${key}:${JSON.stringify(over)}` });

  it('finds nothing among no events or only poor ones', () => {
    expect(pickMatch(claim, [])).toEqual({ kind: 'none' });
    expect(pickMatch(claim, [cand('a', { localDate: '2026-11-13' }), cand('b', { amountCents: 1000 })])).toEqual({ kind: 'none' });
  });
  it('takes the best event, high confidence when clear', () => {
    const pick = pickMatch(claim, [cand('a', { amountCents: 5000 }), cand('a'), cand('b', { localDate: '2026-11-11', amountCents: 5000 })]);
    expect(pick).toMatchObject({ kind: 'match', purchaseKey: 'a', score: 100, confidence: 'high', ambiguous: false, item: 'a:{}' });
  });
  it("counts a purchase's other events (authorisation and clearing) as the same purchase, not a rival", () => {
    const pick = pickMatch(claim, [cand('a'), cand('a', { amountCents: 5900 })]);
    expect(pick).toMatchObject({ confidence: 'high', ambiguous: false });
  });
  it('is borderline when two purchases fit about as well (two similar dines)', () => {
    const pick = pickMatch(claim, [cand('a'), cand('b', { localDate: '2026-11-11' }), cand('c')]);
    expect(pick).toMatchObject({ kind: 'match', purchaseKey: 'a', confidence: 'borderline', ambiguous: true });
  });
  it('is borderline when the best score is below the automatic match', () => {
    expect(pickMatch(claim, [cand('a', { locationKnown: false })])).toMatchObject({ kind: 'match', score: 65, confidence: 'borderline', ambiguous: false });
  });
});
