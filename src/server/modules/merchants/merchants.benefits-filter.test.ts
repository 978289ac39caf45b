import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import type { MerchantSearchResponse } from '#shared/schemas/merchant';
import { campaignLevel } from '#shared/rules/rewards/policy';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const NY = 'location=New%20York%2C%20NY&radius=50&pageSize=100&acclaimed=true';

async function signedIn(slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, 'delta');
  expect((await b.signInAs(demoPublicId('delta', slug))).statusCode).toBe(200);
  return b;
}
const levels = (body: MerchantSearchResponse) => body.merchants.map((m) => campaignLevel(m.benefitAvailability.campaignCodes));

describe("'Miles available' answers for the member who asks (issue 24 review 6)", () => {
  it('leaves out the acclaimed restaurants a Basic member\'s tier does not open; a visitor and a VIP see them', async () => {
    const url = `/api/v2/Merchants/Search?${NY}&benefitsFor=true`;
    const visitor = (await t.request('delta', { method: 'GET', url })).json<MerchantSearchResponse>();
    // The demo's acclaimed restaurants near New York include Select-only and VIP-only ones.
    expect(levels(visitor)).toEqual(expect.arrayContaining([2, 3]));

    const basic = await signedIn('sso-basic-card');
    const forBasic = (await basic.send({ method: 'GET', url })).json<MerchantSearchResponse>();
    expect(forBasic.totalCount).toBeLessThan(visitor.totalCount);
    expect(levels(forBasic).length).toBeGreaterThan(0);
    expect(levels(forBasic).every((l) => l === 0)).toBe(true);
    // Asked again (the answer cache), still the member's answer; and the visitor's is still the visitor's.
    expect((await basic.send({ method: 'GET', url })).json<MerchantSearchResponse>().totalCount).toBe(forBasic.totalCount);
    expect((await t.request('delta', { method: 'GET', url })).json<MerchantSearchResponse>().totalCount).toBe(visitor.totalCount);

    const select = await signedIn('sso-select-card');
    const forSelect = (await select.send({ method: 'GET', url })).json<MerchantSearchResponse>();
    expect(levels(forSelect)).toContain(2);
    expect(levels(forSelect)).not.toContain(3);

    const vip = await signedIn('sso-vip-card');
    expect((await vip.send({ method: 'GET', url })).json<MerchantSearchResponse>().totalCount).toBe(visitor.totalCount);

    // Without the filter the member still finds every restaurant (the tile says what it earns them).
    expect((await basic.send({ method: 'GET', url: `/api/v2/Merchants/Search?${NY}` })).json<MerchantSearchResponse>().totalCount)
      .toBeGreaterThanOrEqual(visitor.totalCount);
  });
});
