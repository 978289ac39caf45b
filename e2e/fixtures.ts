import { test as base, expect, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { PartnerConfig } from '../src/shared/schemas/partner';
import type { TransactionsPage } from '../src/shared/schemas/rewards';
import { withCheckCharacter } from '../src/shared/rules/partner-number';

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const partnerUrl = (code: string, path = '/') => `http://${code}.localhost:${PORT}${path}`;

/** The configuration the server injected into the page, as the app reads it. */
export async function partnerConfig(page: Page): Promise<PartnerConfig> {
  const json = await page.locator('#partner-config').textContent();
  return JSON.parse(json ?? '{}') as PartnerConfig;
}

/**
 * axe: no serious or critical violation on the page as it settles. Entrance animations (a toast or
 * a dialog fading in, also one that starts once the page is idle) are let finish first: half-transparent text mid-fade is not what a reader
 * sees, and axe would measure its contrast. Endless animations (spinners) are not waited for.
 */
export async function expectNoSeriousA11yIssues(page: Page) {
  // Until a pass finds nothing still animating: a part that mounts late (the deferred chrome's
  // modals come after the page is idle) starts its fade after an earlier wait has ended.
  for (let pass = 0; pass < 5; pass++) {
    const waited = await page.evaluate(async () => {
      await new Promise<void>((resolve) => requestIdleCallback(() => requestAnimationFrame(() => resolve()), { timeout: 500 }));
      const running = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      return running.length;
    });
    if (waited === 0) break;
  }
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/** Hex colour (#rgb or #rrggbb) as the rgb() string getComputedStyle returns. */
export function rgb(hex: string): string {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = parseInt(h, 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/**
 * The §4 promotional modals (app announcement on delta and nosh, the general popup on ftch) would
 * cover the page of every spec; they start dismissed unless a spec asks for them with
 * `test.use({ promotions: 'shown' })` (e2e/earn.spec.ts). The temporary sso notice is left as it was.
 */
export const test = base.extend<{ errors: string[]; promotions: 'dismissed' | 'shown' }>({
  promotions: ['dismissed', { option: true }],
  context: async ({ context, promotions }, use) => {
    if (promotions === 'dismissed') {
      await context.addInitScript(() => {
        try {
          if (localStorage.getItem('RN_APP_ANNOUNCEMENT_DISMISSED') === null) localStorage.setItem('RN_APP_ANNOUNCEMENT_DISMISSED', String(Date.now() + 365 * 86_400_000));
          if (localStorage.getItem('RN_GENERAL_POPUP_DISMISSED') === null) localStorage.setItem('RN_GENERAL_POPUP_DISMISSED', 'cash_back_launch');
        } catch {
          // about:blank and opaque origins have no storage.
        }
      });
    }
    await use(context);
  },
  errors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
});
export { expect };

/** A same-origin API call from the page (GET, or POST with the anti-forgery token when a body is given). */
export async function apiCall<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(async ({ path, body }) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) {
      const { csrfToken } = (await (await fetch('/api/CSRF')).json()) as { csrfToken: string };
      headers['content-type'] = 'application/json';
      headers['x-xsrf-token'] = csrfToken;
    }
    const res = await fetch(path, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as T };
  }, { path, body }) as Promise<{ status: number; json: T }>;
}

/** The demo members' password (src/server/demo). */
export const DEMO_PASSWORD = 'Dining2026!';

/**
 * Joins hilton through /join as a new member (a fresh e-mail and partner number starting with
 * `numberLetter`), and waits for step 2, /add_card. Answers the e-mail it joined with.
 */
export async function joinHilton(page: Page, who: { emailPrefix: string; numberLetter: string; firstName: string; lastName: string }): Promise<{ email: string }> {
  const stamp = Date.now().toString(36).toUpperCase().slice(-4);
  const email = `${who.emailPrefix}.${stamp.toLowerCase()}@example.com`;
  await page.goto(partnerUrl('hilton', '/join'));
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/number/i).first().fill(withCheckCharacter(`${who.numberLetter}${stamp}7`.slice(0, 6)));
  await page.getByLabel(/^Password/).fill('Tasty-meal-42');
  await page.getByLabel(/^Confirm password/).fill('Tasty-meal-42');
  await page.getByLabel(/^First name/).fill(who.firstName);
  await page.getByLabel(/^Last name/).fill(who.lastName);
  await page.getByLabel(/ZIP code/).fill('60601');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/add_card$/);
  return { email };
}

/** A Visa number nobody has linked yet (check digit by Luhn). */
export function freshVisa(): string {
  const body = `4${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** On /add_card (joining step 2): links a fresh Visa card and waits for step 3, /card_added. */
export async function linkFreshCard(page: Page) {
  const input = page.frameLocator('iframe[title="Secure card number entry"]').getByLabel(/Card number/);
  await input.fill(freshVisa());
  await input.blur();
  await page.getByRole('checkbox', { name: /I allow my card network/ }).check();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: /^Link/ }).click();
  await expect(page).toHaveURL(/\/card_added$/);
}

/** Signs in through the sign-in form as a person would, and waits until the app has left /login. */
export async function signIn(page: Page, partner: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(partnerUrl(partner, '/login'));
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * A restaurant near Chicago that rewards a dine right now: restaurants differ (benefit days and
 * hours, blackout dates, participation), so another card member of the partner (`email`, on
 * hilton) tries the nearest with the staging tools' "Dine now" ($10, cleared) and keeps the first
 * whose dine is Awarded. Their visits do not count towards the tested member's monthly limits, and
 * $10 stays under the bonuses' minimum spend.
 */
export async function rewardingRestaurant(browser: Browser, email: string): Promise<{ id: number; name: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, 'hilton', email);
    const search = await apiCall<{ merchants: Array<{ id: number; name: string }> }>(page, '/api/v2/Merchants/Search?location=Chicago%2C%20IL&pageSize=30');
    for (const m of search.json.merchants.slice(0, 20)) {
      const sent = await apiCall<{ transactionId: string }>(page, '/api/stgtools/dines', { merchantId: m.id, amountCents: 1000, clear: true });
      if (sent.status !== 200) continue;
      let status = 'Pending';
      await expect(async () => {
        const rows = (await apiCall<TransactionsPage>(page, '/api/Member/Transactions?pageNo=1&resultsPerPage=50')).json.data;
        status = rows.find((r) => r.sourceTransactionId === sent.json.transactionId)?.transactionStatus ?? 'Pending';
        expect(status).not.toBe('Pending');
      }).toPass({ timeout: 15_000 });
      if (status === 'Awarded') return m;
    }
  } finally {
    await context.close();
  }
  throw new Error('No restaurant among the first 20 near Chicago rewards a dine right now.');
}

/** Chromium's install prompt, as the browser fires it once the site qualifies (pwa and interruptions specs). */
export function offerInstall(page: Page) {
  return page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}
