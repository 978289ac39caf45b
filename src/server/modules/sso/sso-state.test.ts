import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_TO, openSsoState, safeReturnTo, sealSsoState, type SsoState } from './sso-state';

const key = randomBytes(32);
const state: SsoState = {
  state: 's1', nonce: 'n1', verifier: 'v'.repeat(43), redirectUri: 'http://delta.localhost/auth/sso/callback',
  returnTo: '/account', partner: 'delta', expiresAt: Date.now() + 60_000,
};

describe('the sign-in cookie', () => {
  it('opens what it sealed, for the same partner', () => {
    expect(openSsoState(key, sealSsoState(key, state), { partner: 'delta' })).toEqual(state);
  });

  it('refuses another partner, an expired attempt, another key and any edit', () => {
    const sealed = sealSsoState(key, state);
    expect(openSsoState(key, sealed, { partner: 'united' })).toBeNull();
    expect(openSsoState(key, sealed, { partner: 'delta', now: state.expiresAt })).toBeNull();
    expect(openSsoState(randomBytes(32), sealed, { partner: 'delta' })).toBeNull();
    const [body, mac] = sealed.split('.') as [string, string];
    const edited = Buffer.from(JSON.stringify({ ...state, returnTo: '//evil.example' })).toString('base64url');
    expect(openSsoState(key, `${edited}.${mac}`, { partner: 'delta' })).toBeNull();
    expect(openSsoState(key, `${body}.${mac.slice(1)}`, { partner: 'delta' })).toBeNull();
  });

  it.each([undefined, '', '.', 'abc', 'a.b', `${'x'.repeat(5000)}.y`, '%%%.%%%'])('treats %j as no cookie', (value) => {
    expect(openSsoState(key, value, { partner: 'delta' })).toBeNull();
  });

  it('refuses a genuine seal of an incomplete state', () => {
    expect(openSsoState(key, sealSsoState(key, { ...state, verifier: '' }), { partner: 'delta' })).toBeNull();
  });
});

describe('safeReturnTo', () => {
  it.each([
    ['/account', '/account'],
    ['/search?q=pizza&location=10001', '/search?q=pizza&location=10001'],
    ['/merchants/42#reviews', '/merchants/42#reviews'],
    ['/a/../account', '/account'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    undefined, '', 'account', 'https://evil.example/', 'http://delta.localhost/account', '//evil.example', '///evil.example',
    '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', '/ /evil', '/\t/evil.example', '/\n/evil.example',
    `/${'a'.repeat(600)}`, '/auth/sso/start', '/auth/sso/callback?code=x', ['/account'],
  ])('falls back to the account centre for %j', (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });
});
