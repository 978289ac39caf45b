import type { Page } from '@playwright/test';
import type { TransactionsPage } from '../src/shared/schemas/rewards';
import type { AvailabilityResponse, Reservation } from '../src/shared/schemas/reservations';
import type { MerchantDetail } from '../src/shared/schemas/merchant';
import { expect, expectNoSeriousA11yIssues, partnerUrl, test } from './fixtures';

/**
 * The reservation bonus (issue 11 item 4): a member books a table today through the reservation
 * calls (hold, then Confirm), dines there with the staging tools' "Dine now", and finds the
 * reservation bonus (100 points on hilton) on Reviews & History as a Bonus row of that restaurant.
 * Dine now dines at the restaurant's "now", so the booking is for a slot later today: the test looks
 * for one in the metros of three time zones.
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

const localToday = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const localTimeIn = (timeZone: string, addMinutes: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + addMinutes * 60_000));
  return parts.slice(0, 5);
};

test('a reservation honoured by a dine there that day earns the reservation bonus, shown on Reviews & History', async ({ page, errors }) => {
  test.setTimeout(180_000);
  await page.goto(partnerUrl('hilton', '/login'));
  await page.getByLabel(/^Email/).fill('basic.card@hilton.example.com');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  let found: { restaurant: { id: number; name: string }; reservation: Reservation; transactionId: string } | null = null;
  for (const location of ['Los Angeles, CA', 'Denver, CO', 'New York, NY']) {
    const search = await call<{ merchants: Array<{ id: number; name: string }> }>(page, `/api/v2/Merchants/Search?location=${encodeURIComponent(location)}&pageSize=20&reservations=true`);
    for (const m of search.json.merchants.slice(0, 8)) {
      const detail = (await call<MerchantDetail>(page, `/api/merchants/${m.id}`)).json;
      const zone = detail.benefits.timeZone;
      const date = localToday(zone);
      // Slots later today (past the cut-off); none this late here: the next restaurant.
      const time = localTimeIn(zone, 90);
      if (localTimeIn(zone, 0) > time) continue; // after 22:30 the slot would be tomorrow
      const slots = (await call<AvailabilityResponse>(page, `/api/merchants/${m.id}/availability?date=${date}&time=${time}&partySize=2`)).json.slots ?? [];
      const slot = slots.find((s) => s.time >= time);
      if (!slot) continue;
      const held = await call<Reservation>(page, '/api/Member/Reservations', { body: { merchantId: m.id, date, time: slot.time, partySize: 2, hold: true }, headers: { 'idempotency-key': `e2e-rb-${Date.now()}-${m.id}` } });
      if (held.status !== 201) continue;
      const booked = await call<Reservation>(page, `/api/Member/Reservations/${held.json.id}/Confirm`, { body: {} });
      expect(booked.status).toBe(200);
      expect(booked.json.status).toBe('booked');

      // Dine now: $40 there, authorised and cleared, through the staging tools' form.
      await page.goto(partnerUrl('hilton', '/stgtools'));
      const form = page.getByRole('form', { name: 'Dine now' });
      await form.getByRole('textbox', { name: /Restaurant id/ }).fill(String(m.id));
      await form.getByRole('textbox', { name: /Amount in dollars/ }).fill('40.00');
      await form.getByRole('radio', { name: /Authorise and clear/ }).check();
      await form.getByRole('button', { name: 'Dine now' }).click();
      const transactionId = (await form.locator('code').textContent()) ?? '';
      expect(transactionId).toMatch(/^stg-/);
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
      // Not rewarded here now (benefit hours, blackout day): no bonus either; free the table and try another.
      await call(page, `/api/Member/Reservations/${held.json.id}`, { method: 'DELETE' });
    }
    if (found) break;
  }
  expect(found, 'a restaurant with a table later today that rewards a dine now').not.toBeNull();
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
