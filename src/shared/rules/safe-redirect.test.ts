import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeRedirect, sameOriginPath } from './safe-redirect';

const ORIGIN = 'https://delta.example.com';

describe('sameOriginPath', () => {
  it.each([
    ['/account', '/account'],
    ['/search?q=pizza&location=10001', '/search?q=pizza&location=10001'],
    ['/merchants/42#reviews', '/merchants/42#reviews'],
    ['/a/../account', '/account'],
    ['/a/./b', '/a/b'],
    ['/%2Fevil.example', '/%2Fevil.example'],
    ['/search?next=//evil.example', '/search?next=//evil.example'],
    ['/', '/'],
  ])('keeps the same-site path %j as %j', (value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });

  it.each([
    // The list: each of these normalises, or is read by a browser, as another host.
    '//x', '/\\x', '/..//x', '/.//x', '/%2e%2e//x', '/%2E%2E//x', '%5C', '%5C%5Cx', '\\\\x', 'https:x', 'https://x', 'http:/x',
    '/\t/x', '/\n/x', '/\r/x', '\t//x', '\n//x', ' //x', '/ /x', '/x\u0000', '/x\u007f',
    // Not a path at all.
    '', 'x', 'account', 'javascript:alert(1)', 'data:text/html,hi', '#top', '?q=1', './/x', '..//x',
    '///x', '////x', '/../..//x', '/a/../..//x', '/./../../x/..//y',
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it('refuses what is not a string, and very long values', () => {
    for (const value of [undefined, null, 42, ['/account'], { toString: () => '/account' }]) expect(sameOriginPath(value)).toBeNull();
    expect(sameOriginPath(`/${'a'.repeat(2047)}`)).toBe(`/${'a'.repeat(2047)}`);
    expect(sameOriginPath(`/${'a'.repeat(2048)}`)).toBeNull();
  });

  it('whatever it accepts stays on the site when a browser follows it (property)', () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2f', '%5c', 'x', '?', '#', '@', ':', 'evil.example', '\t', ' ', 'https:');
    fc.assert(fc.property(fc.array(pieces, { maxLength: 8 }).map((a) => a.join('')), (value) => {
      const path = sameOriginPath(value);
      if (path === null) return;
      const followed = new URL(path, ORIGIN);
      expect(followed.origin).toBe(ORIGIN);
      expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
      // Idempotent: accepting the answer again gives the same answer.
      expect(sameOriginPath(path)).toBe(path);
    }), { numRuns: 2000 });
  });
});

describe('safeRedirect', () => {
  it('answers the fallback for anything unsafe', () => {
    expect(safeRedirect('/..//evil.example', '/account')).toBe('/account');
    expect(safeRedirect(undefined, '/')).toBe('/');
    expect(safeRedirect('/search?q=1', '/account')).toBe('/search?q=1');
  });
});
