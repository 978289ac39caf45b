import { describe, expect, it } from 'vitest';
import { makeReferenceCode, normalizeReference, REFERENCE_FORMAT_MESSAGE, REFERENCE_PATTERN, serverErrorMessage, whatTheMemberSaw } from './reference-code';
import { ZReferenceCode } from '../schemas/ops';

describe('reference codes as support types them (issue 27 item 8)', () => {
  it('makes codes of the format', () => {
    for (let i = 0; i < 200; i++) expect(makeReferenceCode()).toMatch(REFERENCE_PATTERN);
  });

  it('case, spaces and dashes do not count', () => {
    expect(normalizeReference(' k7mp-q2xw 9a ')).toBe('K7MPQ2XW9A');
    expect(ZReferenceCode.parse('k7mpq-2xw9a')).toBe('K7MPQ2XW9A');
  });

  it.each(['', 'abc', 'OOOOOOOOOO', 'K7MPQ2XW9A1', 'K7MPQ2XW9!', 'K7MPQ2XW0A', 'x'.repeat(41)])('refuses %j with a sentence a person understands', (typed) => {
    const result = ZReferenceCode.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^(A reference code is 10 letters and digits|Enter the reference code)/);
  });

  it('says a code has none of the letters and digits one is easily mistaken for', () => {
    expect(REFERENCE_FORMAT_MESSAGE).toContain('no 0, O, 1, I or L');
  });
});

describe('what the member saw', () => {
  it('a server error: the answer with its reference', () => {
    expect(whatTheMemberSaw({ source: 'server', reference: 'K7MPQ2XW9A', status: 500 })).toContain(serverErrorMessage('K7MPQ2XW9A'));
    expect(serverErrorMessage('K7MPQ2XW9A')).toBe('Something went wrong on our side. Reference K7MPQ2XW9A.');
  });

  it("a browser's error: the error page, after the browser's own failure or an answer without our reference", () => {
    expect(whatTheMemberSaw({ source: 'browser', reference: 'K7MPQ2XW9A', status: null })).toMatch(/^The error page .* error in the browser/);
    expect(whatTheMemberSaw({ source: 'browser', reference: 'K7MPQ2XW9A', status: 502 })).toMatch(/^The error page .* answer of 502/);
  });
});
