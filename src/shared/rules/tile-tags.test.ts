import { describe, expect, it } from 'vitest';
import { tagExplanation } from './tile-tags';

const miles = { currencyPlural: 'miles', bonusCurrencyPlural: 'bonus miles' };

describe('tagExplanation', () => {
  it('explains the bonus tags in the partner currency', () => {
    expect(tagExplanation('bonus', '2X', miles)).toBe('Twice the usual miles here for a limited time.');
    expect(tagExplanation('bonus', '3x', miles)).toBe('Three times the usual miles here for a limited time.');
    expect(tagExplanation('bonus', '+500 bonus', miles)).toBe('500 bonus miles on top of the usual miles for a qualifying dine here, for a limited time.');
    expect(tagExplanation('bonus', 'Summer special', miles)).toContain('A bonus on top of the usual miles');
  });

  it('explains the offer types Limited and Unlimited', () => {
    expect(tagExplanation('offer', 'Limited', miles)).toBe("You earn miles on a limited number of visits each month; the restaurant's page says how many.");
    expect(tagExplanation('offer', 'Unlimited', miles)).toBe('You earn miles on every visit, with no monthly limit.');
    expect(tagExplanation('offer', 'Other', miles)).toContain('its page has the details');
  });
});
