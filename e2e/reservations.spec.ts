import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { MerchantSearchResponse } from '../src/shared/schemas/merchant';
import type { AvailabilityResponse } from '../src/shared/schemas/reservations';
import { apiCall, expect, expectNoSeriousA11yIssues, partnerUrl, test } from './fixtures';

/**
 * Table reservations (issue 11 scope 3): a visitor picks a slot on the restaurant page, is asked
 * to sign in, comes back to the same slot, books it (hold, then Reserve), gets the confirmation
 * and its calendar file, finds it in the account centre and cancels it; the too-big, too-far and
 * larger-party states; axe on the widget, the modal and the list.
 */

const PARTNER = 'hilton';
const EMAIL = 'select.noncard@hilton.example.com';
const PASSWORD = 'Dining2026!';

/** A date n days after the browser's today (YYYY-MM-DD). */
const daysAhead = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * A restaurant near the hub that takes reservations (the `skip`-th), and a day from three days
 * ahead on when it has tables for `party`: restaurants close on some weekdays, so a fixed offset
 * would fail the test on the days it lands on one.
 */
async function reservableMerchant(page: Page, skip = 0, party = 2): Promise<{ id: number; name: string; date: string }> {
  await page.goto(partnerUrl(PARTNER, '/'));
  const near = (await apiCall<MerchantSearchResponse>(page, '/api/v2/Merchants/Search?location=Nashville%2C%20TN&pageSize=20&reservations=true')).json;
  const m = near.merchants.filter((x) => x.reservationProviders.openTable)[skip];
  if (!m) throw new Error('no restaurant near the hub takes reservations');
  for (let n = 3; n < 10; n++) {
    const date = daysAhead(n);
    const answer = (await apiCall<AvailabilityResponse>(page, `/api/merchants/${m.id}/availability?date=${date}&partySize=${party}`)).json;
    if (answer.times.length > 0 && answer.slots.length > 0) return { id: m.id, name: m.name, date };
  }
  throw new Error(`${m.name} has no tables for ${party} in the week from three days ahead`);
}

/** axe once the dialog's fade-in is over (half-transparent text would read as low contrast). */
async function axeWhenSettled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoSeriousA11yIssues(page);
}

const widgetOf = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Reserve a table' }) });

test('a visitor picks a slot, signs in, books it, sees it in the account centre and cancels it', async ({ page, errors }) => {
  const merchant = await reservableMerchant(page, 0, 3);
  const date = merchant.date;
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}`));
  const widget = widgetOf(page);
  await expect(widget).toBeVisible();
  // §9 defaults.
  await expect(widget.getByLabel('Time', { exact: true })).toHaveValue('19:00');
  await expect(widget.getByLabel('Party size')).toHaveValue('2');
  await widget.getByLabel('Date').fill(date);
  await widget.getByLabel('Party size').selectOption('3');
  const slots = widget.getByRole('list', { name: /Available on/ });
  await expect(slots.getByRole('button').first()).toBeVisible();
  await axeWhenSettled(page);
  const slot = slots.getByRole('button').first();
  // "Reserve 7:00 PM, No rewards at this time": the time, then what a dine then earns (issue 24).
  const slotName = (await slot.getAttribute('aria-label'))!.replace(/^Reserve /, '').split(',')[0]!.trim();
  expect(slotName).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);

  // §6: the visitor is asked to sign in.
  await slot.click();
  const prompt = page.getByRole('dialog', { name: 'Sign in to reserve' });
  await expect(prompt).toContainText(merchant.name);
  await expect(prompt).toContainText('3 guests');
  await axeWhenSettled(page);
  await prompt.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/^Email/).fill(EMAIL);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: /^Sign in$/ }).click();

  // Back on the same restaurant with the same date, party and slot, the table held.
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchant.id}$`));
  const modal = page.getByRole('dialog', { name: `Reserve at ${merchant.name}` });
  await expect(modal).toContainText(/holding this table for you/);
  // The hold's time left counts down (m:ss).
  await expect(modal.getByRole('timer')).toHaveText(/^[0-5]:[0-5]\d$/);
  await expect(modal).toContainText(slotName);
  await expect(modal).toContainText('3 guests');
  await expect(widgetOf(page).getByLabel('Date')).toHaveValue(date);
  await expect(widgetOf(page).getByLabel('Party size')).toHaveValue('3');
  await axeWhenSettled(page);

  await modal.getByRole('textbox', { name: /Special requests/ }).fill('A window seat, please');
  await modal.getByRole('button', { name: 'Reserve' }).dblclick();
  const booked = page.getByRole('dialog', { name: 'You\u2019re booked' });
  await expect(booked).toContainText(`Your table at ${merchant.name} is reserved.`);
  await expect(booked).toContainText(slotName);
  await expect(booked).toContainText('A window seat, please');
  const confirmation = (await booked.locator('strong').first().textContent())!.trim();
  expect(confirmation).toMatch(/^[A-Z0-9]{6,}$/);
  await axeWhenSettled(page);

  // The calendar file: the restaurant's local time as UTC, the UID from the confirmation number.
  const [download] = await Promise.all([page.waitForEvent('download'), booked.getByRole('button', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^reservation-.*-${date}\\.ics$`));
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain(`UID:reservation-${confirmation}@hilton.localhost`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toContain('Special request: A window seat');

  await booked.getByRole('link', { name: 'My reservations' }).click();
  await expect(page).toHaveURL(/\/account\/reservations$/);
  await expect(page.getByRole('navigation', { name: 'Account centre' }).getByRole('link', { name: 'Reservations' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const card = upcoming.getByRole('listitem').filter({ hasText: confirmation });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(merchant.name);
  await expect(card).toContainText(slotName);
  await expect(card).toContainText('Booked');
  await axeWhenSettled(page);

  // Booked once, whatever the double click did.
  const list = (await apiCall<{ reservations: Array<{ status: string }> }>(page, '/api/Member/Reservations')).json;
  expect(list.reservations.filter((r) => r.status === 'booked')).toHaveLength(1);

  await card.getByRole('button', { name: /Cancel reservation/ }).click();
  const ask = page.getByRole('dialog', { name: 'Cancel this reservation?' });
  await expect(ask.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await axeWhenSettled(page);
  await ask.getByRole('button', { name: 'Cancel reservation' }).click();
  await expect(ask).toBeHidden();
  await expect(upcoming).toContainText('You have no upcoming reservations.');
  const past = page.getByRole('region', { name: 'Past and cancelled' });
  await expect(past.getByRole('listitem').filter({ hasText: confirmation })).toContainText('Cancelled');
  expect(errors).toEqual([]);
});

test('too big, past the booking window and larger parties are told why and what to do', async ({ page, errors }) => {
  const merchant = await reservableMerchant(page, 1);
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}`));
  const widget = widgetOf(page);
  await widget.getByLabel('Date').fill(merchant.date);

  await widget.getByLabel('Party size').selectOption('9');
  await expect(widget.locator('[data-reason="tooBig"]')).toContainText(/Parties of more than \d+ cannot book online; please call the restaurant at /);
  await expect(widget.getByRole('list', { name: /Available on/ })).toHaveCount(0);
  await axeWhenSettled(page);

  await widget.getByLabel('Party size').selectOption('2');
  // Issue 24: the restaurant's own window (30-90 days): a date past it is named, and not asked.
  const date = widget.getByLabel('Date');
  await expect(date).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  await date.fill(daysAhead(200));
  await expect(widget.getByText(/^Choose a date from .* this restaurant takes reservations up to (30|60|90) days ahead\.$/)).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');

  await widget.getByLabel('Party size').selectOption('19');
  await expect(widget).toContainText('For parties of more than 18, please call the restaurant');
  await axeWhenSettled(page);
  expect(errors).toEqual([]);
});
