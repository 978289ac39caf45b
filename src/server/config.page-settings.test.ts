import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { toPartnerConfig } from './modules/partners/partner-config';
import { buildPartnerRow, partnerSeed } from './demo/partners';
import type { PartnerRow } from './db/schema';
import { isKnownRoute } from '#shared/routes';

const row = (over: Partial<PartnerRow> = {}) => ({ id: 1, ...buildPartnerRow(partnerSeed('hilton')!), maintenanceMode: false, ...over }) as PartnerRow;

describe('extra page paths (§2 global setting EXTRA_PAGE_PATHS)', () => {
  it('none by default', () => {
    expect(loadConfig({}).extraPagePaths).toEqual([]);
  });

  it('reads a comma-separated list without blanks or trailing slashes', () => {
    expect(loadConfig({ EXTRA_PAGE_PATHS: ' /summer-dining/, /offers/brunch ,' }).extraPagePaths).toEqual(['/summer-dining', '/offers/brunch']);
  });

  it('refuses a path that is not a plain site path, or one under /api', () => {
    for (const bad of ['summer', '/a?b=1', '/x#y', '//evil.example', '/api/Member', 'https://x.example/a', '/a b']) {
      expect(() => loadConfig({ EXTRA_PAGE_PATHS: bad }), bad).toThrow(/EXTRA_PAGE_PATHS/);
    }
  });

  it('reaches the page configuration, where the route table knows the paths', () => {
    const partner = toPartnerConfig(row(), loadConfig({ EXTRA_PAGE_PATHS: '/summer-dining' }));
    expect(partner.extraPagePaths).toEqual(['/summer-dining']);
    expect(isKnownRoute('/summer-dining', partner)).toBe(true);
    expect(isKnownRoute('/summer-dining/', partner)).toBe(true);
    expect(isKnownRoute('/winter-dining', partner)).toBe(false);
    expect(isKnownRoute('/summer-dining', toPartnerConfig(row(), loadConfig({})))).toBe(false);
  });
});

describe('maintenance switch (§2 maintenance notice)', () => {
  it('off by default', () => {
    expect(loadConfig({}).maintenanceMode).toBe(false);
    expect(toPartnerConfig(row(), loadConfig({})).maintenanceMode).toBe(false);
  });

  it('the partner\'s own switch turns it on for that partner', () => {
    expect(toPartnerConfig(row({ maintenanceMode: true }), loadConfig({})).maintenanceMode).toBe(true);
  });

  it('MAINTENANCE_MODE=true turns it on for every partner', () => {
    expect(toPartnerConfig(row(), loadConfig({ MAINTENANCE_MODE: 'true' })).maintenanceMode).toBe(true);
  });

  it('refuses a value other than true or false', () => {
    expect(() => loadConfig({ MAINTENANCE_MODE: 'yes' })).toThrow(/MAINTENANCE_MODE/);
  });
});
