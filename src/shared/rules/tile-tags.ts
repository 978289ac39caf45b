import type { CopyTokens } from '../schemas/partner';

/**
 * What a restaurant's short tags mean (issue 13: '2X' and 'Limited' were shown unexplained), in the
 * partner's currency: the bonus tag ('2X', '3X', '+500 bonus') and the §3 offer type (Limited,
 * Unlimited). An unknown tag gets a general sentence rather than nothing.
 */
export function tagExplanation(kind: 'bonus' | 'offer', tag: string, copy: Pick<CopyTokens, 'currencyPlural' | 'bonusCurrencyPlural'>): string {
  const text = tag.trim();
  if (kind === 'bonus') {
    const multiple = /^(\d+)\s*x$/i.exec(text);
    if (multiple) {
      const n = Number(multiple[1]);
      const times = n === 2 ? 'Twice' : n === 3 ? 'Three times' : `${n} times`;
      return `${times} the usual ${copy.currencyPlural} here for a limited time.`;
    }
    const extra = /^\+\s*([\d,]+)\s*bonus$/i.exec(text);
    if (extra) return `${extra[1]} ${copy.bonusCurrencyPlural} on top of the usual ${copy.currencyPlural} for a qualifying dine here, for a limited time.`;
    return `A bonus on top of the usual ${copy.currencyPlural} here, for a limited time.`;
  }
  if (/^unlimited$/i.test(text)) return `You earn ${copy.currencyPlural} on every visit, with no monthly limit.`;
  if (/^limited$/i.test(text)) return `You earn ${copy.currencyPlural} on a limited number of visits each month; the restaurant's page says how many.`;
  return `An offer of this restaurant; its page has the details.`;
}
