import { describe, expect, it, vi } from 'vitest';
import { makePartnerConfig } from '../test/partner-fixture';

// Which screens' code was fetched: each mocked module records itself when it is first imported.
const fetched = vi.hoisted(() => [] as string[]);
vi.mock('../routes/account/account-route', () => (fetched.push('account'), { AccountRoute: () => null }));
vi.mock('../routes/account/recent-activity-route', () => (fetched.push('recentActivity'), { RecentActivityRoute: () => null }));
vi.mock('../routes/merchant/merchant-route', () => (fetched.push('merchant'), { MerchantRoute: () => null }));
vi.mock('../routes/merchant/order-online-route', () => (fetched.push('merchantOrder'), { OrderOnlineRoute: () => null }));

const { preloadScreens } = await import('./routes');

describe('preloadScreens', () => {
  it('fetches nothing where the partner lacks the route (no members: no account centre)', async () => {
    preloadScreens('/account/recent_activity', makePartnerConfig({ enrollmentType: 'none' }));
    // A fetch asked for after it, to wait for: the account code would have come first.
    preloadScreens('/merchants/12/Order', makePartnerConfig({ enrollmentType: 'none' }));
    await vi.waitFor(() => expect(fetched).toEqual(['merchant', 'merchantOrder']));
  });

  it("fetches the account centre's code and an account page's, in that order, without rendering, in any letter case", async () => {
    preloadScreens('/Account/Recent_Activity', makePartnerConfig({ enrollmentType: 'direct' }));
    await vi.waitFor(() => expect(fetched).toEqual(['merchant', 'merchantOrder', 'account', 'recentActivity']));
  });
});
