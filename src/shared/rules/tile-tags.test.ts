import { describe, expect, it } from 'vitest';
import { tagExplanation } from './tile-tags';

const miles = { currencyPlural: 'miles', bonusCurrencyPlural: 'bonus miles' };

describe('tagExplanation', () => {
  it('explains the bonus tags in the partner currency', () => {
    expect(tagExplanation('bonus', '2X', miles)).toBe('Twice the usual miles here for a limited time.');
    expect(tagExplanation('bonus', '3x', miles)).toBe('Three times the usual miles here for a limited time.');
    expect(tagExplanation('bonus', '+500 bonus', miles)).toBe('500 bonus miles on top of the usual miles for a qualifying dine here, for a limited time.');
    expect(tagExplanation('bonus', 'Summer special', miles)).toBe('A bonus on top of the usual miles here, for a limited time.');
  });

  it('any multiple: twice, three times, then in digits', () => {
    expect(tagExplanation('bonus', '4X', miles)).toBe('4 times the usual miles here for a limited time.');
    expect(tagExplanation('bonus', '10x', miles)).toBe('10 times the usual miles here for a limited time.');
    expect(tagExplanation('bonus', '2 X', miles)).toBe('Twice the usual miles here for a limited time.');
    expect(tagExplanation('bonus', '3  x', miles)).toBe('Three times the usual miles here for a limited time.');
  });

  it('a tag with spaces around it reads the same', () => {
    expect(tagExplanation('bonus', '  2X ', miles)).toBe('Twice the usual miles here for a limited time.');
    expect(tagExplanation('bonus', ' +500 bonus ', miles)).toBe('500 bonus miles on top of the usual miles for a qualifying dine here, for a limited time.');
    expect(tagExplanation('offer', ' Unlimited ', miles)).toBe('You earn miles on every visit, with no monthly limit.');
    expect(tagExplanation('offer', '\tlimited\n', miles)).toBe("You earn miles on a limited number of visits each month; the restaurant's page says how many.");
  });

  it('a bonus amount: digits and commas, with or without spaces', () => {
    expect(tagExplanation('bonus', '+1,000 Bonus', miles)).toBe('1,000 bonus miles on top of the usual miles for a qualifying dine here, for a limited time.');
    expect(tagExplanation('bonus', '+ 250bonus', miles)).toBe('250 bonus miles on top of the usual miles for a qualifying dine here, for a limited time.');
    expect(tagExplanation('bonus', '+250  BONUS', { currencyPlural: 'points', bonusCurrencyPlural: 'bonus points' })).toBe('250 bonus points on top of the usual points for a qualifying dine here, for a limited time.');
  });

  it('a tag that only contains a multiple or a bonus is a bonus in general', () => {
    const general = 'A bonus on top of the usual miles here, for a limited time.';
    for (const tag of ['', 'x', '2', 'X2', 'a2x', '2xa', '2x!', '2-x', '1.5x', 'Get 2X', '+500', '500 bonus', '+ bonus', '+500 bonus!', 'a+500 bonus', '+500 bonuses', '+abc bonus']) {
      expect(tagExplanation('bonus', tag, miles), tag).toBe(general);
    }
  });

  it('explains the offer types Limited and Unlimited', () => {
    expect(tagExplanation('offer', 'Limited', miles)).toBe("You earn miles on a limited number of visits each month; the restaurant's page says how many.");
    expect(tagExplanation('offer', 'Unlimited', miles)).toBe('You earn miles on every visit, with no monthly limit.');
    expect(tagExplanation('offer', 'LIMITED', miles)).toBe("You earn miles on a limited number of visits each month; the restaurant's page says how many.");
    expect(tagExplanation('offer', 'unlimited', miles)).toBe('You earn miles on every visit, with no monthly limit.');
    expect(tagExplanation('offer', 'Other', miles)).toBe('An offer of this restaurant; its page has the details.');
  });

  it('another offer type, even one that contains Limited, gets the general sentence', () => {
    for (const tag of ['', 'Limited time', 'Unlimited!', 'Not limited', 'Semi-unlimited', 'Limitedx', 'Un limited', '2X']) {
      expect(tagExplanation('offer', tag, miles), tag).toBe('An offer of this restaurant; its page has the details.');
    }
  });
});
