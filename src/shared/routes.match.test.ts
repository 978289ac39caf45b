import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchPath, ROUTES } from './routes';

/**
 * matchPath as it was written before its patterns were kept split, with fixed segments compared in
 * any letter case (as the app's router compares them): the reference it must agree with.
 */
function reference(pattern: string, pathname: string): boolean {
  const same = (seg: string, part: string | undefined) => part !== undefined && seg.toLowerCase() === part.toLowerCase();
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (a.at(-1) === '*') {
    if (b.length < a.length) return false;
    return a.slice(0, -1).every((seg, i) => (seg.startsWith(':') ? Boolean(b[i]) : same(seg, b[i])));
  }
  if (a.length !== b.length) return false;
  return a.every((seg, i) => (seg.startsWith(':') ? Boolean(b[i]) : same(seg, b[i])));
}

const PATTERNS = Object.values(ROUTES).map((r) => r.path);
/** Path segments drawn from the table's own words, so that many generated paths match a route. */
const WORDS = [...new Set(PATTERNS.flatMap((p) => p.split('/')).filter((s) => s && !s.startsWith(':') && s !== '*'))];
const segment = fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('123', 'x', 'Account', ''), fc.string({ maxLength: 4 }));
const path = fc.tuple(fc.array(segment, { maxLength: 5 }), fc.constantFrom('', '/', '//')).map(([segs, end]) => `/${segs.join('/')}${end}`);

describe('matchPath', () => {
  it('agrees with the plain split-and-compare on every route of the table, whatever paths come in whatever order', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...PATTERNS, '/a/*', '/:x', '/'), path), { minLength: 1, maxLength: 30 }), (asks) => {
      for (const [pattern, pathname] of asks) expect(matchPath(pattern, pathname)).toBe(reference(pattern, pathname));
    }), { numRuns: 500 });
  });

  it('matches parameters, a trailing wildcard and trailing slashes', () => {
    expect(matchPath('/merchants/:merchantId', '/merchants/42')).toBe(true);
    expect(matchPath('/merchants/:merchantId', '/merchants/42/')).toBe(true);
    expect(matchPath('/merchants/:merchantId', '/merchants')).toBe(false);
    expect(matchPath('/merchants/:merchantId', '/merchants/42/x')).toBe(false);
    expect(matchPath('/account/*', '/account/a/b')).toBe(true);
    expect(matchPath('/account/*', '/account')).toBe(false);
    expect(matchPath('/', '/')).toBe(true);
    expect(matchPath('/', '/search')).toBe(false);
    // The kept split of the last path must not leak into the next one.
    expect(matchPath('/search', '/search')).toBe(true);
    expect(matchPath('/search', '/searches')).toBe(false);
  });

  it('matches fixed segments in any letter case; parameters match whatever they hold', () => {
    expect(matchPath('/search', '/Search')).toBe(true);
    expect(matchPath('/account/*', '/ACCOUNT/Recent_Activity')).toBe(true);
    expect(matchPath('/merchants/:merchantId', '/Merchants/AbC')).toBe(true);
    expect(matchPath('/search', '/Searches')).toBe(false);
  });
});
