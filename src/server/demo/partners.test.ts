import { describe, it, expect } from 'vitest';
import { CURRENCY_TYPES, ENROLLMENT_TYPES, ZCopyTokens, ZCustomerSupport, ZPartnerTheme, ZNavLinkConfig } from '#shared/schemas/partner';
import { contrastRatio } from '../lib/color';
import { PARTNER_CODES, buildPartners } from './partners';
import { copyTokensOf } from '../modules/partners/partner-config';
import type { PartnerRow } from '../db/schema';

const partners = buildPartners();
const byCode = new Map(partners.map((p) => [p.code, p]));

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('buildPartners', () => {
  it('builds all 19 partners of the spec, once each', () => {
    expect(partners.map((p) => p.code)).toEqual([...PARTNER_CODES]);
    expect(PARTNER_CODES).toHaveLength(19);
    expect(new Set(partners.map((p) => p.name)).size).toBe(19);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildPartners())).toBe(JSON.stringify(partners));
  });

  it('uses every currency type and enrollment type', () => {
    expect(new Set(partners.map((p) => p.currencyType))).toEqual(new Set(CURRENCY_TYPES));
    expect(new Set(partners.map((p) => p.enrollmentType))).toEqual(new Set(ENROLLMENT_TYPES));
    expect(partners.filter((p) => p.enrollmentType === 'sso').length).toBeGreaterThanOrEqual(3);
    expect(partners.filter((p) => p.enrollmentType === 'none').length).toBeGreaterThanOrEqual(2);
    expect(partners.filter((p) => p.currencyType === 'Credit').length).toBeGreaterThanOrEqual(2);
    expect(byCode.get('delta')?.enrollmentType).toBe('sso');
    expect(byCode.get('delta')?.currencyType).toBe('Mile');
  });

  it('fills every copy token, with the airline earning 1, 3 and 5 miles by tier', () => {
    for (const p of partners) {
      const tokens = ZCopyTokens.strict().parse(copyTokensOf(p as PartnerRow));
      for (const [key, value] of Object.entries(tokens)) expect(value.trim(), `${p.code}.${key}`).not.toBe('');
    }
    const delta = byCode.get('delta');
    expect(delta?.earnRates).toEqual([1, 1, 3, 5]);
    const deltaTokens = copyTokensOf(delta as PartnerRow);
    expect(deltaTokens.currentEarning0).toBe('1 mile per $1');
    expect(deltaTokens.currentEarning2).toBe('3 miles per $1');
    expect(deltaTokens.properEarning3).toBe('5 Miles per $1');
    expect(deltaTokens.staySignedInLabel).toBe('Keep me signed in');
    // Without VIP the top tier is Select: no VIP rate is ever promised.
    const wynd = copyTokensOf(byCode.get('wynd') as PartnerRow);
    expect(wynd.currentEarning3).toBe(wynd.currentEarning2);
    expect(copyTokensOf(byCode.get('nosh') as PartnerRow).earnBasis).toMatch(/before tip/);
    expect(deltaTokens.earnBasis).toMatch(/tax and tip included/);
  });

  it('has readable theme colours (WCAG AA 4.5:1)', () => {
    for (const p of partners) {
      const t = ZPartnerTheme.parse(p.theme);
      expect(contrastRatio(t.primaryText, t.primary), `${p.code} primaryText on primary`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.link, t.background), `${p.code} link on background`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.text, t.surface), `${p.code} text on surface`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.text, t.background), `${p.code} text on background`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has support contacts on example domains and 555 numbers, VIP contacts for VIP partners', () => {
    for (const p of partners) {
      const support = ZCustomerSupport.parse(p.customerSupport);
      expect(support.phone.href).toMatch(/^tel:\+1\d{3}555\d{4}$/);
      expect(support.phone.formatted).toMatch(/^1-\d{3}-555-01\d\d$/);
      expect(support.email.href).toMatch(/^(mailto:[^@]+@|https:\/\/)[a-z0-9.-]*example\.com/);
      if (p.hasVIP) expect(ZCustomerSupport.parse(p.vipCustomerSupport).phone.href).not.toBe(support.phone.href);
      else expect(p.vipCustomerSupport).toBeNull();
    }
    expect(partners.some((p) => p.customerSupport.email.href.startsWith('https://'))).toBe(true);
  });

  it('spreads the feature switches', () => {
    const count = (f: (p: (typeof partners)[number]) => boolean | undefined) => partners.filter(f).length;
    for (const key of ['hasSmsOptIn', 'hasSmsOptInV2', 'hasVIP', 'hasAutoEnroll', 'hasPartnerLoadedCards', 'openTableReservationsEnabled', 'hasFlexOffers',
      'acclaimedEnabled', 'acclaimed2Enabled', 'hasPWAInstallBanner', 'hasReservationBonus', 'hasMerchantFavourites', 'fullAddressRequired', 'hasDiscoverPage'] as const) {
      const n = count((p) => p[key] === true);
      expect(n, key).toBeGreaterThan(0);
      expect(n, key).toBeLessThan(19);
    }
    expect(count((p) => p.cmsPreview)).toBeGreaterThanOrEqual(2);
    expect(count((p) => p.homePage === 'discover')).toBeGreaterThan(0);
    expect(partners.filter((p) => p.homePage === 'discover').length).toBeGreaterThan(0);
    expect(partners.filter((p) => p.homePage === 'discover').every((p) => p.hasDiscoverPage)).toBe(true);
    expect(count((p) => p.generalModalType === 'cash_back_launch')).toBe(1);
    expect(count((p) => p.showNetworkLogo === false)).toBe(1);
    expect(count((p) => (p.logoChain ?? []).length > 0)).toBeGreaterThan(0);
    expect(count((p) => p.partnerNumberValidator === 'none')).toBeGreaterThan(0);
    expect(count((p) => p.partnerNumberValidator === 'checkCharacter')).toBeGreaterThan(9);
    expect(count((p) => !(p.cardTypesAccepted ?? []).includes('AMEX'))).toBeGreaterThan(0);
    expect(count((p) => !(p.cardTypesAccepted ?? []).includes('DISC'))).toBeGreaterThan(0);
    expect(count((p) => p.appAnnouncementModal != null)).toBeGreaterThanOrEqual(2);
    expect(count((p) => p.storeLinks != null)).toBeGreaterThan(0);
    expect(partners.length).toBeGreaterThan(0);
    expect(partners.every((p) => p.shortCode === '97082')).toBe(true);
  });

  it('has route meta, nav links and a default location per partner', () => {
    const routes = ['/', '/how-it-works', '/search', '/discover', '/merchants/:merchantId', '/not_found', '/error'];
    for (const p of partners) {
      for (const r of routes) expect(p.routeMeta?.[r]?.title, `${p.code} ${r}`).toContain(p.name);
      const links = (p.navLinks ?? []).map((l) => ZNavLinkConfig.parse(l));
      expect(links.map((l) => l.url)).toContain('/search');
      expect(links.map((l) => l.url)).toContain('/how-it-works');
      expect(links.some((l) => l.url === '/discover')).toBe(p.hasDiscoverPage);
      expect(p.defaultLatitude).toBeGreaterThan(24);
      expect(p.defaultLatitude).toBeLessThan(50);
      expect(p.defaultLongitude).toBeLessThan(-66);
      // A footer never shows another partner's logo (issue 13: upromise showed FTCH's).
      for (const code of p.logoChain ?? []) expect(code, `${p.code} logo chain`).toBe(p.code);
    }
  });

  it('generates a standalone, script-free SVG logo per partner', () => {
    for (const p of partners) {
      expect(p.logoSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img"/);
      expect(p.logoSvg).toContain(`<title id="logo-${p.code}-title">${p.name.replace('&', '&amp;')}</title>`);
      expect(p.logoSvg).not.toMatch(/<script|href=|url\(http/i);
      expect(p.logoSvg.endsWith('</svg>')).toBe(true);
    }
  });
});
