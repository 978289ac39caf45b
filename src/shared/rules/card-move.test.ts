import { describe, expect, it } from 'vitest';
import { cardMoveMessage, cardMoveNotice, programmeList } from './card-move';

describe('card move notice', () => {
  it('one card: "This card earns with X today; linking it here moves it."', () => {
    expect(cardMoveNotice({ cardType: 'Visa', lastFour: '1111' }, 'SkyRewards Dining', { single: true })).toBe('This card earns with SkyRewards Dining today; linking it here moves it.');
    expect(cardMoveMessage([{ cardType: 'Visa', lastFour: '1111', programme: 'Forum Rewards Dining' }], { submitted: 1 })).toBe('This card earns with Forum Rewards Dining today; linking it here moves it.');
  });
  it('one of several cards submitted is named by brand and last four', () => {
    expect(cardMoveMessage([{ cardType: 'Visa', lastFour: '1111', programme: 'A Dining' }], { submitted: 2 })).toBe('Your Visa ending in 1111 earns with A Dining today; linking it here moves it.');
  });
  it('several cards name each by brand and last four', () => {
    expect(cardMoveMessage([
      { cardType: 'Visa', lastFour: '1111', programme: 'A Dining' },
      { cardType: 'Mastercard', lastFour: '4444', programme: 'B Dining' },
    ], { submitted: 2 })).toBe('Your Visa ending in 1111 earns with A Dining today; linking it here moves it. Your Mastercard ending in 4444 earns with B Dining today; linking it here moves it.');
  });
});

describe('programmeList', () => {
  it('one, two, or the first two and how many others; each name once', () => {
    expect(programmeList(['A Dining'])).toBe('A Dining');
    expect(programmeList(['A Dining', 'A Dining'])).toBe('A Dining');
    expect(programmeList(['A Dining', 'B Dining'])).toBe('A Dining and B Dining');
    expect(programmeList(['A', 'B', 'C'])).toBe('A, B and 1 other programme');
    expect(programmeList(['A', 'B', 'C', 'D', 'C'])).toBe('A, B and 2 other programmes');
  });
});
