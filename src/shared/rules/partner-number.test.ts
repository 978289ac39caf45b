import { describe, expect, it } from 'vitest';
import {
  characterCode, checkValue, isValidPartnerNumber, normalisePartnerNumber, PARTNER_NUMBER_FORMAT_MESSAGE, PARTNER_NUMBER_LENGTH, partnerNumberHint, randomPartnerNumber, withCheckCharacter,
} from './partner-number';

/*
 * Vectors worked by hand from §5: codes A–I 193–201, J–R 209–217, S–Z 226–233, 0–9 240–249;
 * 2(c1+c3) + 2(c3+c5) + 2(c4+c6), modulo 10, is the 7th character; character 2 is not used.
 *   ABCDEF: 2(193+195) + 2(195+197) + 2(196+198) = 776 + 784 + 788 = 2348 → 8
 *   123456: 2(241+243) + 2(243+245) + 2(244+246) = 968 + 976 + 980 = 2924 → 4
 *   DL12Z9: 2(196+241) + 2(241+233) + 2(242+249) = 874 + 948 + 982 = 2804 → 4
 *   JSRIAA: 2(209+217) + 2(217+193) + 2(201+193) = 852 + 820 + 788 = 2460 → 0
 */
const VECTORS = [
  ['ABCDEF', 'ABCDEF8'],
  ['123456', '1234564'],
  ['DL12Z9', 'DL12Z94'],
  ['JSRIAA', 'JSRIAA0'],
] as const;

describe('characterCode', () => {
  it('maps letters and digits to the §5 codes', () => {
    expect(characterCode('A')).toBe(193);
    expect(characterCode('I')).toBe(201);
    expect(characterCode('J')).toBe(209);
    expect(characterCode('R')).toBe(217);
    expect(characterCode('S')).toBe(226);
    expect(characterCode('Z')).toBe(233);
    expect(characterCode('0')).toBe(240);
    expect(characterCode('9')).toBe(249);
    expect(characterCode('a')).toBe(193);
    expect(characterCode('-')).toBeUndefined();
  });

  it('knows letters and digits only, whatever sorts after Z or 9', () => {
    for (const ch of ['[', '^', '~', '{', ':', '@', '/', 'É', ' ', '']) expect(characterCode(ch), ch).toBeUndefined();
  });

  it('maps every letter of a group in order', () => {
    expect([...'ABCDEFGHI'].map(characterCode)).toEqual([193, 194, 195, 196, 197, 198, 199, 200, 201]);
    expect([...'JKLMNOPQR'].map(characterCode)).toEqual([209, 210, 211, 212, 213, 214, 215, 216, 217]);
    expect([...'STUVWXYZ'].map(characterCode)).toEqual([226, 227, 228, 229, 230, 231, 232, 233]);
    expect([...'0123456789'].map(characterCode)).toEqual([240, 241, 242, 243, 244, 245, 246, 247, 248, 249]);
  });
});

describe('check character', () => {
  it.each(VECTORS)('completes %s as %s', (first6, full) => {
    expect(checkValue(first6)).toBe(Number(full[6]));
    expect(withCheckCharacter(first6)).toBe(full);
    expect(isValidPartnerNumber(full)).toBe(true);
  });

  it('ignores the second character', () => {
    expect(isValidPartnerNumber('DX12Z94')).toBe(true);
    expect(isValidPartnerNumber('D012Z94')).toBe(true);
  });

  it('is case-insensitive and trims', () => {
    expect(isValidPartnerNumber('abcdef8')).toBe(true);
    expect(isValidPartnerNumber('  dl12z94 ')).toBe(true);
    expect(normalisePartnerNumber(' dl12z94 ')).toBe('DL12Z94');
  });

  it('rejects a wrong check character', () => {
    expect(isValidPartnerNumber('ABCDEF7')).toBe(false);
    expect(isValidPartnerNumber('1234565')).toBe(false);
    // A letter read as base 36 is 10 or more, never a remainder modulo 10.
    expect(isValidPartnerNumber('ABCDEFA')).toBe(false);
  });

  it('rejects anything but exactly 7 letters or digits', () => {
    expect(isValidPartnerNumber('ABCDEF')).toBe(false);
    expect(isValidPartnerNumber('ABCDEF88')).toBe(false);
    expect(isValidPartnerNumber('ABC-EF8')).toBe(false);
    expect(isValidPartnerNumber('')).toBe(false);
  });

  it("checks only the shape with validator 'none'", () => {
    expect(isValidPartnerNumber('ABCDEF7', 'none')).toBe(true);
    expect(isValidPartnerNumber('ABCDEF', 'none')).toBe(false);
  });

  it('reads the whole value: nothing before or after the seven characters', () => {
    expect(PARTNER_NUMBER_LENGTH).toBe(7);
    for (const v of ['-ABCDEF8', 'ABCDEF8-', 'XABCDEF8', 'ABCDEF8X', 'AB CDEF8', 'ÀBCDEF8', 'ABCDEF8\n1']) {
      expect(isValidPartnerNumber(v), JSON.stringify(v)).toBe(false);
      expect(isValidPartnerNumber(v, 'none'), JSON.stringify(v)).toBe(false);
    }
  });

  it('reads the 7th character as the check, the first six as the value', () => {
    // A valid number with one character moved is refused: position matters.
    expect(isValidPartnerNumber('8ABCDEF')).toBe(false);
    expect(checkValue('ABCDEF8')).toBe(checkValue('ABCDEF'));
  });

  it('says what is wrong in the §5 wording', () => {
    expect(PARTNER_NUMBER_FORMAT_MESSAGE).toBe('Invalid format for the partner number.');
  });
});

describe('randomPartnerNumber', () => {
  it('draws valid numbers that never start like the seeded demo members', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 500; i++) {
      const n = randomPartnerNumber(next);
      expect(isValidPartnerNumber(n), n).toBe(true);
      expect(n.startsWith('DM')).toBe(false);
    }
    // A draw of D, M, … is drawn again.
    const script = [3, 12, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
    expect(randomPartnerNumber(() => script.shift()!)).toBe(withCheckCharacter('BBBBBB'));
  });
});

describe('partnerNumberHint', () => {
  it("says what the number is and where a member finds it, in the partner's words when it has some", () => {
    const hint = partnerNumberHint({ partnerNumberLabel: 'SkyMiles number', programName2: 'SkyMiles', partnerNumberHelp: 'Your SkyMiles number is on your SkyMiles card and in the Fly Delta app.' });
    expect(hint).toContain('on your SkyMiles card and in the Fly Delta app');
    expect(hint).toContain('check character');
    expect(partnerNumberHint({ partnerNumberLabel: 'Club number', programName2: 'Club' })).toMatch(/^Your Club number is on your Club card/);
  });
});
