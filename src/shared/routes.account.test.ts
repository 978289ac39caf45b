import { describe, expect, it } from 'vitest';
import { isKnownRoute, matchPath } from './routes';
import type { PartnerConfig } from './schemas/partner';

const partner = (over: Partial<PartnerConfig>) => ({ hasDiscoverPage: true, enrollmentType: 'direct', environment: 'development', ...over }) as PartnerConfig;

describe('account centre and staging tools routes', () => {
  it('matches a trailing * against one or more further segments', () => {
    expect(matchPath('/account/*', '/account/overview')).toBe(true);
    expect(matchPath('/account/*', '/account/a/b')).toBe(true);
    expect(matchPath('/account/*', '/account')).toBe(false);
    expect(matchPath('/account/*', '/accounts/x')).toBe(false);
  });

  it('knows /account and any sub-path only where the partner has enrolment', () => {
    expect(isKnownRoute('/account', partner({}))).toBe(true);
    expect(isKnownRoute('/account/unknown', partner({ enrollmentType: 'sso' }))).toBe(true);
    expect(isKnownRoute('/account/overview', partner({ enrollmentType: 'none' }))).toBe(false);
  });

  it('knows /stgtools everywhere but production', () => {
    expect(isKnownRoute('/stgtools', partner({}))).toBe(true);
    expect(isKnownRoute('/stgtools', partner({ environment: 'production' }))).toBe(false);
  });
});
