import type { APIRequestContext, Page } from '@playwright/test';
import { authEvent, clearingEvent, newTransactionId, signedRequest } from '../src/server/modules/rewards/card-events';
import { DEV_CARD_EVENTS_SECRET } from '../src/server/config';
import { expect, PORT } from './fixtures';

/** What the claims journeys share (the member's claim form, the card network's events): e2e/claims.spec.ts and e2e/console.spec.ts. */
export type Sample = { cards: Array<{ publicId: string; cardToken: string; lastFour: string }>; locations: Array<{ merchantId: number; locationId: string; state: string }> };
export type MerchantDetail = { id: number; name: string; location: { address: { address1: string; city: string; state: string; zipCode: string } } };

/** A same-origin GET from the page (the browser resolves the partner's *.localhost host). */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(p, { headers: { accept: 'application/json' } })).json()) as T, path) as Promise<T>;
}

/**
 * A purchase the card network reports for a past day, as a network would: a signed authorisation
 * and clearing posted to the webhook (the events the staging tools and the simulator build).
 */
export async function networkDine(request: APIRequestContext, opts: { cardToken: string; locationId: string; localDateTime: string; authCents: number; clearCents: number }) {
  const purchase = { transactionId: newTransactionId('e2e-claim'), cardToken: opts.cardToken, locationId: opts.locationId, localDateTime: opts.localDateTime };
  for (const event of [authEvent(purchase, opts.authCents), clearingEvent(purchase, opts.clearCents)]) {
    const { body, headers } = signedRequest(DEV_CARD_EVENTS_SECRET, event);
    const res = await request.post(`http://localhost:${PORT}/api/card-network/events`, { headers, data: body });
    expect(res.status(), await res.text()).toBe(200);
  }
  return purchase.transactionId;
}

async function fillDateAndAmount(page: Page, opts: { date: string; amount: string }) {
  const form = page.getByRole('form', { name: 'Claim a missing reward' });
  await form.getByLabel(/Date of the dine/).fill(opts.date);
  await form.getByRole('textbox', { name: /Amount charged/ }).fill(opts.amount);
  await form.getByRole('button', { name: 'Submit claim' }).click();
}

/** Fills the claim form as a member does: card, place and restaurant (picked from the search), date, amount. */
export async function fileClaim(page: Page, opts: { cardLabel: RegExp; near: string; merchant: MerchantDetail; date: string; amount: string }) {
  const form = page.getByRole('form', { name: 'Claim a missing reward' });
  await form.getByRole('combobox', { name: /Card you paid with/ }).selectOption({ label: (await form.getByRole('option', { name: opts.cardLabel }).first().textContent())! });
  await form.getByRole('textbox', { name: /Where you dined/ }).fill(opts.near);
  const restaurant = form.getByRole('combobox', { name: /Restaurant/ });
  // Picked already for the previous claim: it stays.
  if ((await restaurant.inputValue()) === opts.merchant.name && (await form.getByText(opts.merchant.location.address.address1).count()) > 0) {
    await fillDateAndAmount(page, opts);
    return;
  }
  await restaurant.fill(opts.merchant.name);
  const option = form.getByRole('option', { name: new RegExp(opts.merchant.location.address.address1) });
  await expect(option).toBeVisible();
  // Keyboard, as a screen-reader user picks: down to the option, Enter.
  const options = await form.getByRole('option').allTextContents();
  const index = options.findIndex((t) => t.includes(opts.merchant.location.address.address1));
  for (let i = 0; i <= index; i++) await restaurant.press('ArrowDown');
  await expect(restaurant).toHaveAttribute('aria-activedescendant', /.+/);
  await restaurant.press('Enter');
  await expect(restaurant).toHaveValue(opts.merchant.name);
  await fillDateAndAmount(page, opts);
}
