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

/**
 * Each layer of the rule on an input only it refuses (the others would let it through), so a
 * layer that stopped working is noticed even though the layers back each other up.
 */
describe('sameOriginPath, one layer at a time', () => {
  it('the character check alone: a tab or newline the parser would quietly drop', () => {
    // new URL('/a\tb') reads '/ab', on the site: only the character check refuses these.
    for (const bad of ['/a\tb', '/a\nb', '/a\rb', '/a\u0000b', '/a\u001fb']) expect(sameOriginPath(bad), JSON.stringify(bad)).toBeNull();
    // The first and the last character are checked too.
    expect(sameOriginPath('/\u0001')).toBeNull();
    expect(sameOriginPath('/ab\u0020')).toBeNull();
    // The characters just past each refused one are fine.
    expect(sameOriginPath('/a!b')).toBe('/a!b');
    expect(sameOriginPath('/a~b')).toBe('/a~b');
    expect(sameOriginPath('/a]b')).toBe('/a]b');
    expect(sameOriginPath('/a[b')).toBe('/a[b');
  });

  it('the parser alone: a host that cannot be parsed is refused, not thrown', () => {
    expect(sameOriginPath('//[bad')).toBeNull();
    expect(sameOriginPath('//%')).toBeNull();
    expect(safeRedirect('//[bad', '/home')).toBe('/home');
  });

  it('the origin check alone: another host, even one whose path would be harmless', () => {
    expect(sameOriginPath('//x/account')).toBeNull();
    expect(sameOriginPath('//evil.example/')).toBeNull();
    // Our own stand-in origin as a host parses to our origin: it answers the path on the site.
    expect(sameOriginPath('//same-origin.invalid/account')).toBe('/account');
  });

  it('the double-slash check alone: dot segments that leave a path starting with two slashes', () => {
    // Resolved, the path is '//same-origin.invalid/x': read again against the stand-in origin it
    // would stay on it, but a browser on the real site reads another host.
    expect(sameOriginPath('/..//same-origin.invalid/x')).toBeNull();
    expect(sameOriginPath('/a/..//same-origin.invalid')).toBeNull();
  });

  it('answers the path, its query and its hash, normalised', () => {
    expect(sameOriginPath('/a/b/../c?x=1&y=2#h')).toBe('/a/c?x=1&y=2#h');
    expect(sameOriginPath('/?')).toBe('/');
    expect(sameOriginPath('/#')).toBe('/');
    expect(sameOriginPath('/é')).toBe('/%C3%A9');
    expect(safeRedirect('/a/../b', '/home')).toBe('/b');
  });
});
