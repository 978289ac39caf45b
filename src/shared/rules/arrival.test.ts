import { describe, expect, it } from 'vitest';
import { activationHref, activationPromptFor, arrivalPublicId, knownVisitorStatus } from './arrival';

const ids = { fromQuery: 'q-id', fromCookie: 'c-id', stored: 's-id' };

describe('arrivalPublicId (§4 known-visitor lookup)', () => {
  it('takes the URL first, then the RN_PUBLIC_ID cookie, then the id captured earlier', () => {
    expect(arrivalPublicId({ memberLoading: false, signedIn: false, ...ids })).toBe('q-id');
    expect(arrivalPublicId({ memberLoading: false, signedIn: false, ...ids, fromQuery: null })).toBe('c-id');
    expect(arrivalPublicId({ memberLoading: false, signedIn: false, fromQuery: null, fromCookie: null, stored: 's-id' })).toBe('s-id');
    expect(arrivalPublicId({ memberLoading: false, signedIn: false, fromQuery: null, fromCookie: null, stored: null })).toBeNull();
  });

  it('looks nobody up while a member is signed in or still loading', () => {
    expect(arrivalPublicId({ memberLoading: false, signedIn: true, ...ids })).toBeNull();
    expect(arrivalPublicId({ memberLoading: true, signedIn: false, ...ids })).toBeNull();
  });
});

describe('knownVisitorStatus', () => {
  it('is none without an id, loading, known, or error when the lookup failed', () => {
    expect(knownVisitorStatus({ publicId: null, loading: false, error: false })).toBe('none');
    expect(knownVisitorStatus({ publicId: 'x', loading: true, error: false })).toBe('loading');
    expect(knownVisitorStatus({ publicId: 'x', loading: false, error: false })).toBe('known');
    expect(knownVisitorStatus({ publicId: 'x', loading: false, error: true })).toBe('error');
  });
});

describe('activationPromptFor (§6 unactivated users asked to activate)', () => {
  const direct = { enrollmentType: 'direct' as const };
  const member = (tierLevel: number, memberType: 'ClosedAccountMember' | 'EnrolledCardMember' | 'NonCardMember' = 'EnrolledCardMember') => ({ publicId: 'm-1', tierLevel, memberType });
  const base = { partner: direct, pathname: '/', member: null, visitor: null, visitorStatus: 'none' as const };

  it('asks a signed-in tier-1 member, card or not, with their own public id', () => {
    expect(activationPromptFor({ ...base, member: member(1) })).toEqual({ publicId: 'm-1' });
    expect(activationPromptFor({ ...base, member: member(1, 'NonCardMember') })).toEqual({ publicId: 'm-1' });
  });

  it('does not ask members of other tiers or a closed account', () => {
    for (const tier of [0, 2, 3]) expect(activationPromptFor({ ...base, member: member(tier) })).toBeNull();
    expect(activationPromptFor({ ...base, member: member(1, 'ClosedAccountMember') })).toBeNull();
  });

  it('asks a known tier-1 visitor once the lookup answered', () => {
    const visitor = { publicId: 'v-1', tierLevel: 1 };
    expect(activationPromptFor({ ...base, visitor, visitorStatus: 'known' })).toEqual({ publicId: 'v-1' });
    expect(activationPromptFor({ ...base, visitor: { ...visitor, tierLevel: 2 }, visitorStatus: 'known' })).toBeNull();
  });

  it('does not ask a visitor whose lookup is loading or failed', () => {
    const visitor = { publicId: 'v-1', tierLevel: 1 };
    expect(activationPromptFor({ ...base, visitor, visitorStatus: 'loading' })).toBeNull();
    expect(activationPromptFor({ ...base, visitor, visitorStatus: 'error' })).toBeNull();
    expect(activationPromptFor({ ...base, visitor: null, visitorStatus: 'error' })).toBeNull();
  });

  it('a signed-in member decides, not a visitor id left in the browser', () => {
    expect(activationPromptFor({ ...base, member: member(2), visitor: { publicId: 'v-1', tierLevel: 1 }, visitorStatus: 'known' })).toBeNull();
  });

  it('asks on sso partners too, never where the partner has no activation flow (enrollmentType none)', () => {
    expect(activationPromptFor({ ...base, partner: { enrollmentType: 'sso' }, member: member(1) })).toEqual({ publicId: 'm-1' });
    expect(activationPromptFor({ ...base, partner: { enrollmentType: 'none' }, member: member(1) })).toBeNull();
  });

  it('stays out of the activation, sign-in, sign-out, joining, recovery and error pages', () => {
    for (const pathname of ['/activate', '/activate/activated', '/login', '/Login', '/SignOut', '/join', '/join/step2', '/recover', '/fix_credentials', '/error', '/auth/sso/callback']) {
      expect(activationPromptFor({ ...base, pathname, member: member(1) }), pathname).toBeNull();
    }
    for (const pathname of ['/', '/search', '/account', '/merchants/12', '/earn', '/joined-later']) {
      expect(activationPromptFor({ ...base, pathname, member: member(1) }), pathname).not.toBeNull();
    }
  });
});

describe('activationHref', () => {
  it('links the activation flow with the public id in its query', () => {
    expect(activationHref('demo-hilton-visitor-new')).toBe('/activate?public_id=demo-hilton-visitor-new');
    expect(activationHref('a b&c')).toBe('/activate?public_id=a%20b%26c');
  });
});

describe('arrival edges', () => {
  it('an empty public id looks nobody up, and the next source is not consulted for it', () => {
    expect(knownVisitorStatus({ publicId: '', loading: true, error: true })).toBe('none');
    expect(knownVisitorStatus({ publicId: null, loading: true, error: true })).toBe('none');
    // An error wins over loading: a failed lookup is not shown as still loading.
    expect(knownVisitorStatus({ publicId: 'x', loading: true, error: true })).toBe('error');
    // The URL's id wins even when empty-looking sources come after it; null falls through.
    expect(arrivalPublicId({ memberLoading: false, signedIn: false, fromQuery: null, fromCookie: 'c-id', stored: null })).toBe('c-id');
    expect(arrivalPublicId({ memberLoading: false, signedIn: false, fromQuery: null, fromCookie: null, stored: null })).toBeNull();
    expect(arrivalPublicId({ memberLoading: true, signedIn: true, ...ids })).toBeNull();
  });

  const member = { publicId: 'm-1', tierLevel: 1, memberType: 'EnrolledCardMember' as const };
  const prompt = (pathname: string) => activationPromptFor({ partner: { enrollmentType: 'direct' }, pathname, member, visitor: null, visitorStatus: 'none' });

  it.each([
    ['/activate', '/activate/', '/activate/x'],
    ['/login', '/login/', '/LOGIN/x'],
    ['/SignOut', '/signout', '/SIGNOUT/'],
    ['/join', '/join/', '/join/step3'],
    ['/recover', '/recover/', '/recover/confirm'],
    ['/fix_credentials', '/fix_credentials/', '/fix_credentials/x'],
    ['/error', '/error/', '/error/500'],
    ['/auth/', '/auth/sso', '/auth/x/y'],
  ])('stays out of %s and the pages below it (%s, %s)', (...paths) => {
    expect(paths).toHaveLength(3);
    for (const p of paths) expect(prompt(p), p).toBeNull();
  });

  it.each([
    // A longer word, the page under another one, a different case where the page is case-sensitive.
    '/activated', '/x/activate', '/Activate', '/logins', '/x/login', '/signouts', '/x/SignOut', '/joined', '/x/join', '/Join',
    '/recovery', '/x/recover', '/Recover', '/fix_credentialsx', '/x/fix_credentials', '/errors', '/x/error', '/Error', '/auth', '/authors', '/x/auth/sso', '/Auth/sso',
  ])('asks on %s, which only looks like a quiet page', (pathname) => {
    expect(prompt(pathname)).toEqual({ publicId: 'm-1' });
  });

  it('a known visitor without the lookup answer, or a known status without a visitor, is not asked', () => {
    const base = { partner: { enrollmentType: 'direct' as const }, pathname: '/', member: undefined };
    expect(activationPromptFor({ ...base, visitor: null, visitorStatus: 'known' })).toBeNull();
    expect(activationPromptFor({ ...base, visitor: undefined, visitorStatus: 'known' })).toBeNull();
    expect(activationPromptFor({ ...base, visitor: { publicId: 'v-1', tierLevel: 1 }, visitorStatus: 'none' })).toBeNull();
    for (const tierLevel of [0, 2, 3]) expect(activationPromptFor({ ...base, visitor: { publicId: 'v-1', tierLevel }, visitorStatus: 'known' })).toBeNull();
    // The visitor's own id, not the member's.
    expect(activationPromptFor({ ...base, visitor: { publicId: 'v-2', tierLevel: 1 }, visitorStatus: 'known' })).toEqual({ publicId: 'v-2' });
    // No activation flow: not even a known visitor.
    expect(activationPromptFor({ ...base, partner: { enrollmentType: 'none' }, visitor: { publicId: 'v-2', tierLevel: 1 }, visitorStatus: 'known' })).toBeNull();
  });

  it('a closed account is not asked even on tier 1, and a closed account with a visitor id in the browser neither', () => {
    const closed = { publicId: 'm-9', tierLevel: 1, memberType: 'ClosedAccountMember' as const };
    expect(activationPromptFor({ partner: { enrollmentType: 'sso' }, pathname: '/', member: closed, visitor: { publicId: 'v-1', tierLevel: 1 }, visitorStatus: 'known' })).toBeNull();
  });

  it('activationHref escapes what a query may not hold', () => {
    expect(activationHref('')).toBe('/activate?public_id=');
    expect(activationHref('a/b?c=d#e')).toBe('/activate?public_id=a%2Fb%3Fc%3Dd%23e');
  });
});
