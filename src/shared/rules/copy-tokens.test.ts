import { describe, expect, it } from 'vitest';
import { replaceTokens, replaceTokensDeep, tokenValues } from './copy-tokens';

describe('copy tokens', () => {
  const values = { currencyPlural: 'miles', programName1: 'SkyRewards Dining', currentEarning2: '3 {{currencyPlural}} per $1', loop: '{{loop}}!' };

  it('replaces tokens with partner values', () => {
    expect(replaceTokens('Earn {{currencyPlural}} with {{ programName1 }}.', values)).toBe('Earn miles with SkyRewards Dining.');
  });

  it('repeats until the text is stable, so values may contain tokens', () => {
    expect(replaceTokens('You earn {{currentEarning2}}.', values)).toBe('You earn 3 miles per $1.');
  });

  it('leaves unknown tokens visible and stops on cycles', () => {
    expect(replaceTokens('{{nope}} stays', values)).toBe('{{nope}} stays');
    expect(replaceTokens('{{loop}}', values)).toMatch(/^\{\{loop\}\}!+$/);
    // Ten passes at most: the cycle grows by one '!' per pass, then stops.
    expect(replaceTokens('{{loop}}', values)).toBe(`{{loop}}${'!'.repeat(10)}`);
  });

  it('replaces inside nested content fields and keeps other values', () => {
    expect(replaceTokensDeep({ a: ['{{currencyPlural}}', 3, null], b: { c: '{{programName1}}' }, d: true }, values))
      .toEqual({ a: ['miles', 3, null], b: { c: 'SkyRewards Dining' }, d: true });
  });

  it('adds the current year', () => {
    const v = tokenValues({} as never, new Date('2031-05-01T00:00:00Z'));
    expect(replaceTokens('© {{currentYear}}', v)).toBe('© 2031');
  });
});
