import { describe, expect, it } from 'vitest';
import { cacheKindOf, endsSession, type RequestFacts } from './cache-policy';

const ORIGIN = 'http://delta.localhost:3100';
const req = (path: string, over: Partial<RequestFacts> = {}): RequestFacts => ({ method: 'GET', url: `${ORIGIN}${path}`, origin: ORIGIN, mode: 'cors', destination: '', hasAuthorization: false, ...over });

describe('what the service worker may cache', () => {
  it('never member data nor any other API call', () => {
    for (const path of ['/api/Member', '/api/Member/Cards', '/api/Member/Transactions?page=1', '/api/Members/Prospects', '/api/Member/pub/abc', '/api/SignIn', '/api/SignOut', '/api/CSRF', '/api/v2/Merchants/Search?q=x', '/api/merchants/42', '/api/Impressions', '/api/feature-flags']) {
      expect(cacheKindOf(req(path)), path).toBe('network');
    }
  });
  it('caches public content and images, not when posted or sent with a token', () => {
    expect(cacheKindOf(req('/api/cms/pages/home/?page_size=100'))).toBe('content');
    expect(cacheKindOf(req('/img/merchants/tile/abc.svg'))).toBe('image');
    expect(cacheKindOf(req('/partner/logo.svg'))).toBe('image');
    expect(cacheKindOf(req('/partner/icons/192.png'))).toBe('image');
    expect(cacheKindOf(req('/api/cms/pages/home/', { method: 'POST' }))).toBe('network');
    expect(cacheKindOf(req('/img/merchants/tile/abc.svg', { hasAuthorization: true }))).toBe('network');
  });
  it('treats page loads as the app shell, but not sign-out, staging tools or API documentation', () => {
    const page = { mode: 'navigate', destination: 'document' };
    expect(cacheKindOf(req('/', page))).toBe('page');
    expect(cacheKindOf(req('/account/overview', page))).toBe('page');
    for (const path of ['/SignOut', '/stgtools', '/api/docs', '/auth/sso/callback?code=x', '/card-frame/']) expect(cacheKindOf(req(path, page)), path).toBe('network');
    expect(cacheKindOf(req('/', { mode: 'navigate', destination: 'iframe' }))).toBe('network');
  });
  it('leaves other origins alone', () => {
    expect(cacheKindOf(req('/img/x.svg', { url: 'https://tiles.example.org/img/x.svg' }))).toBe('network');
    expect(cacheKindOf(req('/', { url: 'not a url' }))).toBe('network');
  });
});

describe('endsSession', () => {
  it('is the sign-out call and the sign-out page', () => {
    expect(endsSession('GET', `${ORIGIN}/api/SignOut`)).toBe(true);
    expect(endsSession('GET', `${ORIGIN}/SignOut`)).toBe(true);
    expect(endsSession('GET', `${ORIGIN}/api/Member`)).toBe(false);
    expect(endsSession('GET', 'junk')).toBe(false);
  });
});
