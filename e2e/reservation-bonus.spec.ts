import type { APIRequestContext, Page } from '@playwright/test';
import { authEvent, clearingEvent, newTransactionId, signedRequest } from '../src/server/modules/rewards/card-events';
import { DEV_CARD_EVENTS_SECRET } from '../src/server/config';
import type { TransactionsPage } from '../src/shared/schemas/rewards';
import type { AvailabilityResponse, Reservation } from '../src/shared/schemas/reservations';
import type { MerchantDetail } from '../src/shared/schemas/merchant';
import { expect, expectNoSeriousA11yIssues, partnerUrl, PORT, test } from './fixtures';

/**
 * The reservation bonus (issue 11 item 4): a member books a table for tomorrow evening through the
 * reservation calls (hold, then Confirm), the card network reports the member's dine there at the
 * reservation's time (signed authorisation and clearing posted to the webhook, as a network
 * would), and the member finds the reservation bonus (100 points on hilton) on Reviews & History
 * as a Bonus row of that restaurant. Tomorrow, not "later today": the test works at any hour.
 */

const PASSWORD = 'Dining2026!';

async function call<T>(page: Page, path: string, opts: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; json: T }> {
  return page.evaluate(async ({ path, opts }) => {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (method !== 'GET') {
      const { csrfToken } = (await (await fetch('/api/CSRF')).json()) as { csrfToken: string };
      headers['x-xsrf-token'] = csrfToken;
    }
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    return { status: res.status, json: (await res.json()) as T };
  }, { path, opts }) as Promise<{ status: number; json: T }>;
}

const localTomorrow = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));

/** The member's dine as the network reports it: a signed authorisation and clearing at the restaurant's location. */
async function networkDine(request: APIRequestContext, opts: { cardToken: string; locationId: string; localDateTime: string; cents: number }): Promise<string> {
  const purchase = { transactionId: newTransactionId('e2e-rb'), cardToken: opts.cardToken, locationId: opts.locationId, localDateTime: opts.localDateTime };
  for (const event of [authEvent(purchase, opts.cents), clearingEvent(purchase, opts.cents)]) {
    const { body, headers } = signedRequest(DEV_CARD_EVENTS_SECRET, event);
    const res = await request.post(`http://localhost:${PORT}/api/card-network/events`, { headers, data: body });
    expect(res.status(), await res.text()).toBe(200);
  }
  return purchase.transactionId;
}

test('a reservation honoured by a dine there that day earns the reservation bonus, shown on Reviews & History', async ({ page, request, errors }) => {
  test.setTimeout(180_000);
  await page.goto(partnerUrl('hilton', '/login'));
  await page.getByLabel(/^Email/).fill('basic.card@hilton.example.com');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  type Sample = { cards: Array<{ publicId: string; cardToken: string }> };
  const sample = (await call<Sample>(page, '/api/stgtools/network-sample')).json;
  const cardToken = sample.cards.find((c) => c.publicId === 'demo-hilton-basic-card')!.cardToken;

  let found: { restaurant: { id: number; name: string }; reservation: Reservation; transactionId: string } | null = null;
  for (const location of ['Los Angeles, CA', 'Denver, CO', 'New York, NY']) {
    const search = await call<{ merchants: Array<{ id: number; name: string }> }>(page, `/api/v2/Merchants/Search?location=${encodeURIComponent(location)}&pageSize=20&reservations=true`);
    for (const m of search.json.merchants.slice(0, 8)) {
      const detail = (await call<MerchantDetail>(page, `/api/merchants/${m.id}`)).json;
      const date = localTomorrow(detail.benefits.timeZone);
      const slots = (await call<AvailabilityResponse>(page, `/api/merchants/${m.id}/availability?date=${date}&time=19:00&partySize=2`)).json.slots ?? [];
      const slot = slots[0];
      if (!slot) continue;
      const held = await call<Reservation>(page, '/api/Member/Reservations', { body: { merchantId: m.id, date, time: slot.time, partySize: 2, hold: true }, headers: { 'idempotency-key': `e2e-rb-${Date.now()}-${m.id}` } });
      if (held.status !== 201) continue;
      const booked = await call<Reservation>(page, `/api/Member/Reservations/${held.json.id}/Confirm`, { body: {} });
      expect(booked.status).toBe(200);
      expect(booked.json.status).toBe('booked');

      // The member dines there at the reservation's time: $40, authorised and cleared.
      const transactionId = await networkDine(request, { cardToken, locationId: `loc-${m.id}`, localDateTime: booked.json.dateTime, cents: 4000 });
      let status = 'Pending';
      await expect(async () => {
        const rows = (await call<TransactionsPage>(page, '/api/Member/Transactions?pageNo=1&resultsPerPage=50')).json.data;
        status = rows.find((r) => r.sourceTransactionId === transactionId)?.transactionStatus ?? 'Pending';
        expect(status).not.toBe('Pending');
      }).toPass({ timeout: 30_000, intervals: [500, 1_000] });
      if (status === 'Awarded') {
        found = { restaurant: m, reservation: booked.json, transactionId };
        break;
      }
      // Not rewarded there at that hour (benefit hours, blackout day): no bonus either; free the table and try another.
      await call(page, `/api/Member/Reservations/${held.json.id}`, { method: 'DELETE' });
    }
    if (found) break;
  }
  expect(found, 'a restaurant with a table tomorrow evening that rewards a dine then').not.toBeNull();
  const { restaurant } = found!;

  const rows = page.getByRole('list', { name: /^Activity/ }).getByRole('listitem');
  await expect(async () => {
    await page.goto(partnerUrl('hilton', '/account/recent_activity'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews & History' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Bonus' }).filter({ hasText: restaurant.name }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
  const bonus = rows.filter({ hasText: 'Bonus' }).filter({ hasText: restaurant.name });
  await expect(bonus).toHaveCount(1);
  await expect(bonus.first()).toContainText('100 points');
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: 'test-results/reservation-bonus-activity.png', fullPage: false });
  expect(errors).toEqual([]);
});
