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
