import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeReferenceCode, normalizeReference, REFERENCE_ALPHABET, REFERENCE_FORMAT_MESSAGE, REFERENCE_PATTERN, REQUEST_ID_HEADER, serverErrorMessage, whatTheMemberSaw } from './reference-code';
import { ZReferenceCode } from '../schemas/ops';

describe('reference codes as support types them (issue 27 item 8)', () => {
  it('makes codes of the format', () => {
    for (let i = 0; i < 200; i++) expect(makeReferenceCode()).toMatch(REFERENCE_PATTERN);
  });

  it('case, spaces and dashes do not count', () => {
    expect(normalizeReference(' k7mp-q2xw 9a ')).toBe('K7MPQ2XW9A');
    expect(normalizeReference('k7mp -- q2xw\t\n9a')).toBe('K7MPQ2XW9A');
    expect(normalizeReference('K7MP_Q2XW.9A')).toBe('K7MP_Q2XW.9A');
    expect(normalizeReference('')).toBe('');
    expect(ZReferenceCode.parse('k7mpq-2xw9a')).toBe('K7MPQ2XW9A');
  });

  it.each(['', 'abc', 'OOOOOOOOOO', 'K7MPQ2XW9A1', 'K7MPQ2XW9!', 'K7MPQ2XW0A', 'x'.repeat(41)])('refuses %j with a sentence a person understands', (typed) => {
    const result = ZReferenceCode.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^(A reference code is 10 letters and digits|Enter the reference code)/);
  });

  it('says a code has none of the letters and digits one is easily mistaken for', () => {
    expect(REFERENCE_FORMAT_MESSAGE).toBe('A reference code is 10 letters and digits, like K7MPQ2XW9A (there is no 0, O, 1, I or L in one).');
    expect(REFERENCE_PATTERN.test('K7MPQ2XW9A')).toBe(true);
  });

  it('travels in the X-Request-Id header', () => {
    expect(REQUEST_ID_HEADER).toBe('x-request-id');
  });
});

describe('makeReferenceCode from random bytes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Feeds getRandomValues these batches of bytes, one batch a call. */
  function randomBytes(...batches: number[][]) {
    const queue = [...batches];
    return vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const next = queue.shift();
      if (!next) throw new Error('no more random bytes queued');
      (array as unknown as Uint8Array).set(next);
      return array;
    });
  }

  it('a byte is a letter of the alphabet: its remainder by 31', () => {
    const random = randomBytes([0, 1, 2, 30, 31, 62, 93, 217, 246, 247]);
    expect(REFERENCE_ALPHABET).toHaveLength(31);
    expect(makeReferenceCode()).toBe('ABC9AAAA89');
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('drops the bytes from 248 up (256 is not a multiple of 31), and takes more bytes for the letters they leave out', () => {
    const random = randomBytes([248, 0, 255, 1, 2, 3, 4, 5, 6, 249], [7, 8, 250, 251, 252, 253, 254, 255, 248, 9], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(makeReferenceCode()).toBe('ABCDEFGHJK');
    expect(random).toHaveBeenCalledTimes(2);
  });

  it('byte 247 is kept, and a batch of dropped bytes only asks for the next', () => {
    const random = randomBytes(Array.from({ length: 10 }, () => 255), [247, 247, 247, 247, 247, 247, 247, 247, 247, 248], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(makeReferenceCode()).toBe('999999999A');
    expect(random).toHaveBeenCalledTimes(3);
  });
});

describe('what the member saw', () => {
  it('a server error: the answer with its reference', () => {
    expect(whatTheMemberSaw({ source: 'server', reference: 'K7MPQ2XW9A', status: 500 })).toContain(serverErrorMessage('K7MPQ2XW9A'));
    expect(whatTheMemberSaw({ source: 'server', reference: 'K7MPQ2XW9A', status: 503 })).toBe(
      'An error answer (503) saying “Something went wrong on our side. Reference K7MPQ2XW9A.”, on the error page or in place of the part of the page that failed.',
    );
    expect(whatTheMemberSaw({ source: 'server', reference: 'ABCDEFGHJK', status: null })).toMatch(/^An error answer \(500\) saying “Something went wrong on our side\. Reference ABCDEFGHJK\.”/);
    expect(serverErrorMessage('K7MPQ2XW9A')).toBe('Something went wrong on our side. Reference K7MPQ2XW9A.');
  });

  it("a browser's error: the error page, after the browser's own failure or an answer without our reference", () => {
    expect(whatTheMemberSaw({ source: 'browser', reference: 'K7MPQ2XW9A', status: null })).toMatch(/^The error page .* error in the browser/);
    expect(whatTheMemberSaw({ source: 'browser', reference: 'K7MPQ2XW9A', status: 502 })).toMatch(/^The error page .* answer of 502/);
  });
});
