import type { Page } from '@playwright/test';
import { DEMO_STAFF } from '../src/server/demo/staff';
import { totpCode } from '../src/server/ops/totp';
import { expect, PORT } from './fixtures';

/**
 * Signing in to the operator console as the demo staff (src/server/demo/staff.ts), shared by the
 * console journeys (e2e/console.spec.ts, e2e/console-redemptions.spec.ts): one module, so that
 * the codes already used are known to every spec of the run (the server accepts a code once).
 */
export const CONSOLE = `http://ops.localhost:${PORT}`;
export const staff = (role: string) => DEMO_STAFF.find((s) => s.role === role)!;

/** The 30-second step each role last signed in with: a code is accepted once (replay). */
const usedSteps = new Map<string, number>();
const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * The code for a role's next sign-in: the current step's, or, once that one is used, the next
 * step's (the server accepts one step either side of now, for clock drift). A third sign-in
 * within one step waits for the clock to reach the step before the one it needs.
 */
async function nextCode(role: string, secret: string): Promise<string> {
  const want = Math.max(stepNow(), (usedSteps.get(role) ?? -1) + 1);
  await expect.poll(stepNow, { timeout: 65_000, intervals: [500] }).toBeGreaterThanOrEqual(want - 1);
  usedSteps.set(role, want);
  return totpCode(secret, want * 30_000);
}

/** Signs in as a demo staff member as a person does: e-mail, password, then the code the authenticator shows. */
export async function consoleSignIn(page: Page, role: string) {
  const person = staff(role);
  await page.goto(`${CONSOLE}/`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the operator console' })).toBeVisible();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: false }).first().fill('Dining2026!');
  await page.getByLabel(/Code from your authenticator app/).fill(await nextCode(role, person.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}
