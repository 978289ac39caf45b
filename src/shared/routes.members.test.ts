import { describe, expect, it } from 'vitest';
import { isKnownRoute } from './routes';
import type { PartnerConfig } from './schemas/partner';

const partner = (enrollmentType: PartnerConfig['enrollmentType']) => ({ hasDiscoverPage: true, enrollmentType, environment: 'development' }) as PartnerConfig;

describe('member routes (§2 conditions)', () => {
  it('sign-in, joining and activation exist where enrollmentType is not none', () => {
    for (const path of ['/login', '/Login', '/join', '/activate', '/activate/activated']) {
      expect(isKnownRoute(path, partner('direct'))).toBe(true);
      expect(isKnownRoute(path, partner('sso'))).toBe(true);
      expect(isKnownRoute(path, partner('none'))).toBe(false);
    }
  });

  it('recovery and fix-credentials exist for direct partners only', () => {
    for (const path of ['/recover', '/recover/confirm', '/recover/update', '/recover/success', '/fix_credentials']) {
      expect(isKnownRoute(path, partner('direct'))).toBe(true);
      expect(isKnownRoute(path, partner('sso'))).toBe(false);
      expect(isKnownRoute(path, partner('none'))).toBe(false);
    }
  });

  it('the sign-out address always exists', () => {
    expect(isKnownRoute('/SignOut', partner('none'))).toBe(true);
    expect(isKnownRoute('/SignOut', partner('sso'))).toBe(true);
  });
});
