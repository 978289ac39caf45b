import { describe, expect, it } from 'vitest';
import { safeRedirect, sameOriginPath } from './safe-redirect';

/** The redirect rule at its limits (issue 31 item 1): the length bound, and characters a URL parser would quietly accept. */
describe('sameOriginPath, at its limits', () => {
  it('accepts a path of 2,048 characters, not one of 2,049; never an empty one', () => {
    const at = `/${'a'.repeat(2047)}`;
    expect(sameOriginPath(at)).toBe(at);
    expect(sameOriginPath(`${at}a`)).toBeNull();
    expect(sameOriginPath('')).toBeNull();
    expect(safeRedirect('', '/home')).toBe('/home');
  });

  it('refuses spaces, controls, DEL and backslashes even where a parser would make them harmless', () => {
    for (const bad of ['/a b', '/a\u0001b', '/a\u007fb', '/a\\b', '/a\u0020']) expect(sameOriginPath(bad), JSON.stringify(bad)).toBeNull();
    expect(sameOriginPath('/a!b')).toBe('/a!b');
    expect(sameOriginPath('/a~b?q=1#x')).toBe('/a~b?q=1#x');
  });
});
