import { describe, expect, it } from 'vitest';
import { isExtraPagePath, isKnownRoute, paths, ROUTES, routeMetaFor } from './routes';
import type { PartnerConfig } from './schemas/partner';

const partner = (over: Partial<PartnerConfig> = {}) => ({ hasDiscoverPage: true, enrollmentType: 'direct', environment: 'development', ...over }) as PartnerConfig;

describe('route table', () => {
  it('every entry has an absolute path and a meta key', () => {
    for (const [name, r] of Object.entries(ROUTES)) {
      expect(r.path.startsWith('/'), name).toBe(true);
      expect(r.meta, name).toBeTruthy();
    }
  });

  it('knows the discover page only where the partner has one', () => {
    expect(isKnownRoute('/discover', partner())).toBe(true);
    expect(isKnownRoute('/discover', partner({ hasDiscoverPage: false }))).toBe(false);
  });

  it('knows the public pages everywhere, and nothing else', () => {
    for (const path of ['/', '/how-it-works', '/search', '/merchants/12', '/error', '/not_found']) {
      expect(isKnownRoute(path, partner({ enrollmentType: 'none', environment: 'production' })), path).toBe(true);
    }
    expect(isKnownRoute('/merchants', partner())).toBe(false);
    expect(isKnownRoute('/nowhere', partner())).toBe(false);
  });

  it("matches a page's fixed segments in any case, as the app's router does; the extra paths stay exact", () => {
    for (const path of ['/Search', '/HOW-IT-WORKS', '/Merchants/12', '/Account/Recent_Activity', '/DISCOVER']) {
      expect(isKnownRoute(path, partner()), path).toBe(true);
    }
    expect(isKnownRoute('/Merchants', partner())).toBe(false);
    expect(isExtraPagePath('/earn/extra', partner({ extraPagePaths: ['/earn/extra'] }))).toBe(true);
    expect(isExtraPagePath('/Earn/Extra', partner({ extraPagePaths: ['/earn/extra'] }))).toBe(false);
  });

  it('knows Redeem only for cash back, even under the account catch-all; an unregistered page there is another account page', () => {
    for (const path of ['/account/redeem', '/account/redeem/rd_0123456789abcdef0123456789abcdef']) {
      expect(isKnownRoute(path, partner({ currencyType: 'Dollar' })), path).toBe(true);
      expect(isKnownRoute(path, partner({ currencyType: 'Credit' })), path).toBe(true);
      expect(isKnownRoute(path, partner({ currencyType: 'Mile' })), path).toBe(false);
      expect(isKnownRoute(path, partner({ currencyType: 'Dollar', enrollmentType: 'none' })), path).toBe(false);
    }
    expect(isKnownRoute('/account/favorites', partner({ hasMerchantFavourites: false }))).toBe(true);
    expect(isKnownRoute('/account/anything', partner({ currencyType: 'Mile' }))).toBe(true);
  });

  it('route meta: the exact path, else the matching route\'s meta key, else the partner name', () => {
    const p = {
      name: 'Delta',
      routeMeta: { '/merchants/:merchantId': { title: 'Restaurant' }, '/search': { title: 'Search' }, '/merchants/7': { title: 'Seven' } },
    } as unknown as PartnerConfig;
    expect(routeMetaFor(p, '/merchants/12').title).toBe('Restaurant');
    expect(routeMetaFor(p, '/merchants/7').title).toBe('Seven');
    expect(routeMetaFor(p, '/search').title).toBe('Search');
    expect(routeMetaFor(p, '/how-it-works').title).toBe('Delta');
    expect(routeMetaFor(p, '/nowhere').title).toBe('Delta');
  });
});

describe('paths', () => {
  it('builds the table\'s paths', () => {
    expect(paths.home()).toBe('/');
    expect(paths.howItWorks()).toBe('/how-it-works');
    expect(paths.discover()).toBe('/discover');
    expect(paths.merchant(42)).toBe('/merchants/42');
    expect(paths.merchant('a/b')).toBe('/merchants/a%2Fb');
    expect(paths.serverError()).toBe('/error');
    expect(paths.notFound()).toBe('/not_found');
    expect(paths.login()).toBe('/login');
    expect(paths.loginAlias()).toBe('/Login');
    expect(paths.join()).toBe('/join');
    expect(paths.addCard()).toBe('/add_card');
    expect(paths.cardAdded()).toBe('/card_added');
    expect(paths.activate()).toBe('/activate');
    expect(paths.activate.activated()).toBe('/activate/activated');
    expect(paths.recover()).toBe('/recover');
    expect(paths.recover.confirm()).toBe('/recover/confirm');
    expect(paths.recover.update()).toBe('/recover/update');
    expect(paths.recover.success()).toBe('/recover/success');
    expect(paths.fixCredentials()).toBe('/fix_credentials');
    expect(paths.signOut()).toBe('/SignOut');
    expect(paths.account()).toBe('/account');
    expect(paths.account.overview()).toBe('/account/overview');
    expect(paths.account.recentActivity()).toBe('/account/recent_activity');
    expect(paths.account.recentActivity({ page: 3 })).toBe('/account/recent_activity?page=3');
    expect(paths.account.cards()).toBe('/account/manage_cards');
    expect(paths.account.profile()).toBe('/account/user_profile');
    expect(paths.account.redeem()).toBe('/account/redeem');
    expect(paths.account.redeem({ page: 2 })).toBe('/account/redeem?page=2');
    expect(paths.account.redemption('rd_1')).toBe('/account/redeem/rd_1');
    expect(paths.stgtools()).toBe('/stgtools');
  });

  it('every link it builds is a known route', () => {
    const p = partner();
    const built = [paths.home(), paths.howItWorks(), paths.discover(), paths.search(), paths.merchant(1), paths.serverError(), paths.notFound(),
      paths.login(), paths.loginAlias(), paths.join(), paths.addCard(), paths.cardAdded(), paths.activate(), paths.activate.activated(),
      paths.recover(), paths.recover.confirm(), paths.recover.update(), paths.recover.success(), paths.fixCredentials(), paths.signOut(),
      paths.account(), paths.account.overview(), paths.account.recentActivity(), paths.account.cards(), paths.account.profile(), paths.stgtools()];
    for (const path of built) expect(isKnownRoute(path, p), path).toBe(true);
  });

  it('adds a form-encoded query, leaving out undefined and null values', () => {
    expect(paths.search({ location: 'Chicago, IL', restaurantOrCuisine: 'sushi' })).toBe('/search?location=Chicago%2C+IL&restaurantOrCuisine=sushi');
    expect(paths.search({ location: 'Chicago', restaurantOrCuisine: undefined, x: null })).toBe('/search?location=Chicago');
    expect(paths.search('location=Chicago&sortBy=rating')).toBe('/search?location=Chicago&sortBy=rating');
    expect(paths.search('')).toBe('/search');
    expect(paths.search({})).toBe('/search');
    expect(paths.login({ email: 'ann@example.com' })).toBe('/login?email=ann%40example.com');
    expect(paths.join({ rfr: 2 })).toBe('/join?rfr=2');
    expect(paths.recover({ email: 'a+b@example.com' })).toBe('/recover?email=a%2Bb%40example.com');
    expect(paths.activate({ public_id: 'pub-1' })).toBe('/activate?public_id=pub-1');
  });

  it('single sign-on start carries the way back', () => {
    expect(paths.ssoSignIn('/account/overview?x=1')).toBe('/auth/sso/start?returnTo=%2Faccount%2Foverview%3Fx%3D1');
  });
});
