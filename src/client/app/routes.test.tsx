import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from '#client/lib/router';
import { createRoutes } from './routes';
import { NotFoundScreen } from '../routes/error-screens';
import { isEnrollmentPath } from './chrome/enrollment-page';
import { makePartnerConfig } from '../test/partner-fixture';
import { ROUTES } from '#shared/routes';
import type { PartnerConfig } from '#shared/schemas/partner';

/** The route a path ends at in the app's router. */
function leaf(partner: PartnerConfig, pathname: string): RouteObject {
  const matches = matchRoutes(createRoutes(partner), pathname) ?? [];
  return matches.at(-1)!.route;
}

const concrete = (pattern: string) => pattern.replace(':merchantId', '12').replace('*', 'elsewhere');
const showsNotFound = (r: RouteObject) => isValidElement(r.element) && r.element.type === NotFoundScreen;

describe('router built from the route table', () => {
  it('has a screen for every route of the table', () => {
    const partner = makePartnerConfig({ enrollmentType: 'direct', hasDiscoverPage: true, environment: 'development', hasMerchantFavourites: true, openTableReservationsEnabled: true, currencyType: 'Dollar' });
    for (const [name, entry] of Object.entries(ROUTES)) {
      const route = leaf(partner, concrete(entry.path));
      expect(route.path === '*' && name !== 'accountOther', name).toBe(false);
      expect(Boolean(route.element) && !(showsNotFound(route) && name !== 'notFound'), name).toBe(true);
    }
  });

  it('shows the not-found page at a route the partner lacks, in the enrolment chrome on an enrolment step', () => {
    const none = makePartnerConfig({ enrollmentType: 'none', hasDiscoverPage: false });
    for (const path of ['/join', '/login', '/activate', '/recover', '/account', '/discover']) expect(showsNotFound(leaf(none, path)), path).toBe(true);
    expect(isEnrollmentPath('/join')).toBe(true);
    const sso = makePartnerConfig({ enrollmentType: 'sso' });
    expect(showsNotFound(leaf(sso, '/recover/update'))).toBe(true);
    expect(showsNotFound(leaf(sso, '/fix_credentials'))).toBe(true);
    expect(showsNotFound(leaf(sso, '/login'))).toBe(false);
    // Favourites only with the merchant favourites switch, reservations only with table
    // reservations: elsewhere they are unknown account sub-paths, which go to the overview (§2);
    // without members there is no account at all. The order-online route is everywhere.
    const accountOther = (r: RouteObject) => r.path === '*' && !showsNotFound(r);
    expect(accountOther(leaf(makePartnerConfig({ hasMerchantFavourites: false }), '/account/favorites'))).toBe(true);
    expect(leaf(makePartnerConfig({ hasMerchantFavourites: true }), '/account/favorites').path).toBe('favorites');
    expect(showsNotFound(leaf(none, '/merchants/12/Order'))).toBe(false);
    expect(accountOther(leaf(makePartnerConfig({ openTableReservationsEnabled: false }), '/account/reservations'))).toBe(true);
    expect(leaf(makePartnerConfig({ openTableReservationsEnabled: true, enrollmentType: 'direct' }), '/account/reservations').path).toBe('reservations');
    expect(showsNotFound(leaf(makePartnerConfig({ openTableReservationsEnabled: true, enrollmentType: 'none' }), '/account/reservations'))).toBe(true);
    // Redeem only for cash back (Dollar and Credit partners): elsewhere the not-found page, in the account centre.
    for (const currencyType of ['Dollar', 'Credit'] as const) {
      expect(leaf(makePartnerConfig({ currencyType }), '/account/redeem').path, currencyType).toBe('redeem');
      expect(leaf(makePartnerConfig({ currencyType }), '/account/redeem/rd_1').path, currencyType).toBe('redeem/:redemptionId');
    }
    for (const currencyType of ['Mile', 'Point'] as const) {
      expect(showsNotFound(leaf(makePartnerConfig({ currencyType }), '/account/redeem')), currencyType).toBe(true);
      expect(showsNotFound(leaf(makePartnerConfig({ currencyType }), '/account/redeem/rd_1')), currencyType).toBe(true);
    }
  });

  it('leaves the staging tools out in production: the catch-all answers', () => {
    const route = leaf(makePartnerConfig({ environment: 'production' }), '/stgtools');
    expect(route.path).toBe('*');
    expect(showsNotFound(route)).toBe(true);
  });
});

describe('enrolment steps', () => {
  it('are /join and /add_card, matched as the router matches them', () => {
    for (const path of ['/join', '/JOIN', '/join/', '/add_card', '/Add_Card']) expect(isEnrollmentPath(path), path).toBe(true);
    for (const path of ['/', '/login', '/join/more', '/card_added', '/account/overview']) expect(isEnrollmentPath(path), path).toBe(false);
  });
});
