import { describe, expect, it } from 'vitest';
import { acceptedBrandsMessage, cardDigits, checkCardNumber, detectBrand, luhnValid } from './card';

const ALL = ['AMEX', 'DISC', 'MAST', 'VISA'] as const;
const BRAND_MESSAGE = 'Card must be Visa®, Amex®, Mastercard® or Discover®';
const INVALID = 'Please check the card number; it is not a valid card number.';

/** Completes a number with its Luhn check digit (worked independently of the rule under test). */
function withLuhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let n = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
/** A number of a given length starting with a prefix, with a valid check digit. */
const number = (prefix: string, length = 16) => withLuhn(prefix.padEnd(length - 1, '0'));

/** The published test numbers of the card networks (docs/features/cards.md and the networks' own lists). */
const TEST_NUMBERS = [
  ['4111111111111111', 'Visa'],
  ['4012888888881881', 'Visa'],
  ['4222222222222', 'Visa'],
  ['5555555555554444', 'Mastercard'],
  ['5105105105105100', 'Mastercard'],
  ['2221000000000009', 'Mastercard'],
  ['2720990000000007', 'Mastercard'],
  ['378282246310005', 'Amex'],
  ['371449635398431', 'Amex'],
  ['6011111111111117', 'Discover'],
  ['6011000990139424', 'Discover'],
] as const;

describe('withLuhn (test helper)', () => {
  it('agrees with the published test numbers', () => {
    for (const [n] of TEST_NUMBERS) expect(withLuhn(n.slice(0, -1))).toBe(n);
  });
});

describe('cardDigits', () => {
  it('drops spaces and dashes typed between groups', () => {
    expect(cardDigits('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(cardDigits('4111-1111-1111-1111')).toBe('4111111111111111');
    expect(cardDigits(' 3782 822463 10005 ')).toBe('378282246310005');
    expect(cardDigits('4111\t1111\u00a01111 - 1111')).toBe('4111111111111111');
  });

  it('keeps anything else, so a non-digit can be refused', () => {
    expect(cardDigits('4111.1111/1111_111a')).toBe('4111.1111/1111_111a');
    expect(cardDigits('')).toBe('');
  });
});

describe('detectBrand (§5 brand by IIN range while typing)', () => {
  it('knows the published test numbers', () => {
    for (const [n, brand] of TEST_NUMBERS) expect(detectBrand(n), n).toBe(brand);
  });

  it('detects Amex by 34 and 37 only', () => {
    expect(detectBrand('34')).toBe('Amex');
    expect(detectBrand('37')).toBe('Amex');
    for (const p of ['30', '33', '35', '36', '38', '3']) expect(detectBrand(p), p).toBeNull();
  });

  it('detects Visa by a leading 4', () => {
    expect(detectBrand('4')).toBe('Visa');
    expect(detectBrand('4999 9999')).toBe('Visa');
  });

  it('detects Mastercard by 51–55', () => {
    for (const p of ['51', '52', '53', '54', '55']) expect(detectBrand(p), p).toBe('Mastercard');
    for (const p of ['50', '56', '59', '5']) expect(detectBrand(p), p).toBeNull();
  });

  it('detects Mastercard by the 2-series 2221–2720, and nothing either side of it', () => {
    for (const p of ['2221', '2229', '2230', '2299', '2300', '2500', '2699', '2700', '2710', '2719', '2720', '272099']) {
      expect(detectBrand(p), p).toBe('Mastercard');
    }
    // While typing, 222 could still become 2220: the fourth digit decides.
    expect(detectBrand('222')).toBeNull();
    for (const p of ['2220', '222099', '2210', '2200', '2100', '2721', '2730', '2800', '2999', '2000']) {
      expect(detectBrand(p), p).toBeNull();
    }
  });

  it('detects Discover by 6011, 644–649, 65 and 622126–622925', () => {
    for (const p of ['6011', '644', '645', '646', '647', '648', '649', '65', '6599', '622126', '622129', '622130', '622199', '622200', '622500', '622899', '622900', '622919', '622920', '622925']) {
      expect(detectBrand(p), p).toBe('Discover');
    }
    for (const p of ['6010', '6012', '6019', '643', '640', '66', '60', '6', '622125', '622100', '622000', '622926', '622930', '622999', '6229']) {
      expect(detectBrand(p), p).toBeNull();
    }
  });

  it('reads a prefix only at the start of the number', () => {
    expect(detectBrand('1411111111111111')).toBeNull();
    expect(detectBrand('9371449635398431')).toBeNull();
    expect(detectBrand('0555555555554444')).toBeNull();
    expect(detectBrand('1222100000000000')).toBeNull();
    expect(detectBrand('16011111111111117')).toBeNull();
    expect(detectBrand('1622126000000000')).toBeNull();
  });

  it('ignores spaces and dashes, and knows no brand for anything but digits', () => {
    expect(detectBrand('5555 5555 5555 4444')).toBe('Mastercard');
    expect(detectBrand('6011-1111-1111-1117')).toBe('Discover');
    expect(detectBrand('')).toBeNull();
    expect(detectBrand('4111a')).toBeNull();
    expect(detectBrand('a4111')).toBeNull();
    expect(detectBrand('4111.1111')).toBeNull();
    expect(detectBrand('+4111')).toBeNull();
  });
});

describe('luhnValid', () => {
  it('accepts correct check digits, with or without separators', () => {
    for (const [n] of TEST_NUMBERS) expect(luhnValid(n), n).toBe(true);
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111-1111-1111-1111')).toBe(true);
  });

  it('refuses a wrong check digit and a swap of neighbouring digits', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111111111111110')).toBe(false);
    expect(luhnValid('5555555555554445')).toBe(false);
    expect(luhnValid('378282246310006')).toBe(false);
    // Doubling every second digit from the right is what catches a swap.
    expect(luhnValid('4012888888881818')).toBe(false);
    expect(luhnValid('0000000000000091')).toBe(true);
    expect(luhnValid('0000000000000019')).toBe(false);
    // A doubled digit over 9 counts its digit sum (9 → 18 → 9).
    expect(luhnValid('0000000000000059')).toBe(true);
    expect(luhnValid('0000000000000018')).toBe(true);
    expect(luhnValid('0000000000000026')).toBe(true);
  });

  it('needs 12 to 19 digits and nothing else', () => {
    expect(luhnValid(number('4', 12))).toBe(true);
    expect(luhnValid(number('4', 19))).toBe(true);
    expect(luhnValid(number('4', 11))).toBe(false);
    expect(luhnValid(number('4', 20))).toBe(false);
    expect(luhnValid('000000000000')).toBe(true);
    expect(luhnValid('00000000000')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('411111111111111a')).toBe(false);
    expect(luhnValid('a4111111111111111')).toBe(false);
    expect(luhnValid('4111111111111111a')).toBe(false);
  });
});

describe('acceptedBrandsMessage (§5)', () => {
  it('lists the accepted brands in a fixed order, the last after "or"', () => {
    expect(acceptedBrandsMessage(ALL)).toBe(BRAND_MESSAGE);
    expect(acceptedBrandsMessage(['MAST', 'VISA', 'AMEX'])).toBe('Card must be Visa®, Amex® or Mastercard®');
    expect(acceptedBrandsMessage(['DISC', 'MAST'])).toBe('Card must be Mastercard® or Discover®');
    expect(acceptedBrandsMessage(['VISA'])).toBe('Card must be Visa®');
    expect(acceptedBrandsMessage(['DISC'])).toBe('Card must be Discover®');
    expect(acceptedBrandsMessage([])).toBe('Card must be ');
  });
});

describe('checkCardNumber', () => {
  it('accepts each brand at each of its lengths and answers brand and last four', () => {
    const cases: Array<[string, string, number[]]> = [
      ['Visa', '4', [13, 16, 19]], ['Amex', '37', [15]], ['Mastercard', '2720', [16]], ['Discover', '65', [16, 17, 18, 19]],
    ];
    for (const [brand, prefix, lengths] of cases) {
      for (const length of lengths) {
        const n = number(prefix, length);
        expect(checkCardNumber(n, ALL), `${brand} ${length}`).toEqual({ ok: true, brand, lastFour: n.slice(-4) });
      }
    }
  });

  it('refuses a length the brand does not issue, even with a correct check digit', () => {
    const cases: Array<[string, number[]]> = [['4', [12, 14, 15, 17, 18]], ['37', [14, 16]], ['51', [15, 17, 19]], ['6011', [15]]];
    for (const [prefix, lengths] of cases) {
      for (const length of lengths) {
        const n = number(prefix, length);
        expect(luhnValid(n)).toBe(true);
        expect(checkCardNumber(n, ALL), `${prefix} ${length}`).toEqual({ ok: false, message: INVALID });
      }
    }
  });

  it('refuses a wrong check digit', () => {
    expect(checkCardNumber('4111111111111112', ALL)).toEqual({ ok: false, message: INVALID });
    expect(checkCardNumber('378282246310006', ALL)).toEqual({ ok: false, message: INVALID });
  });

  it('ignores spaces and dashes and answers the last four digits', () => {
    expect(checkCardNumber('3782 822463 10005', ALL)).toEqual({ ok: true, brand: 'Amex', lastFour: '0005' });
    expect(checkCardNumber('6011-1111-1111-1117', ALL)).toEqual({ ok: true, brand: 'Discover', lastFour: '1117' });
    expect(checkCardNumber(' 5555 5555 5555 4444 ', ALL)).toEqual({ ok: true, brand: 'Mastercard', lastFour: '4444' });
  });

  it('asks for a number when nothing but separators is typed', () => {
    for (const v of ['', '   ', ' - - ']) expect(checkCardNumber(v, ALL)).toEqual({ ok: false, message: 'Please enter your credit card number.' });
  });

  it('refuses a brand the partner does not accept, naming the accepted ones', () => {
    expect(checkCardNumber('6011111111111117', ['VISA', 'MAST', 'AMEX'])).toEqual({ ok: false, message: 'Card must be Visa®, Amex® or Mastercard®' });
    expect(checkCardNumber('378282246310005', ['VISA'])).toEqual({ ok: false, message: 'Card must be Visa®' });
    expect(checkCardNumber('4111111111111111', ['VISA'])).toMatchObject({ ok: true, brand: 'Visa' });
  });

  it('refuses an unknown brand and anything but digits with the brand message', () => {
    for (const v of ['9111111111111111', number('2220', 16), number('622125', 16), '411111111111111a', '4111.1111.1111.1111']) {
      expect(checkCardNumber(v, ALL), v).toEqual({ ok: false, message: BRAND_MESSAGE });
    }
  });
});
