import type { Locator, Page, Request } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Time in the page without fixed sleeps (issue 31 item 5). A test that shows something does NOT
 * appear "however long one waits" (the one-interruption-at-a-time rule, a popup dismissed for good)
 * installs the page's clock before the page loads (`controlTime`), then lets the page's own time
 * pass at once (`passTime`): every timer due in that span fires, in order, and the test waits (with
 * a bound) for what those timers start to finish: requests, lazy chunks, React's render.
 */

const inFlight = new WeakMap<Page, Set<Request>>();

/** Before the first navigation: the page's timers, Date and frames follow page.clock (flowing as usual until passTime), and its requests are counted. */
export async function controlTime(page: Page): Promise<void> {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  await page.clock.install();
}

type Options = { /** Requests the test itself holds back (page.route), not waited for. */ ignore?: (request: Request) => boolean };

/** Until no request of the page is in flight (15 s at most), then one task more for React to render what they brought. */
async function settled(page: Page, opts: Options): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('passTime needs controlTime(page) before the page loads.');
  const waitedFor = () => [...open].filter((r) => !opts.ignore?.(r)).length;
  await expect.poll(waitedFor, { message: 'the page\'s requests to finish', timeout: 15_000, intervals: [50, 100, 250] }).toBe(0);
  await page.evaluate(() => new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  }));
}

/** Lets `ms` of the page's time pass now: its timers fire, and what they start is waited for. */
export async function passTime(page: Page, ms: number, opts: Options = {}): Promise<void> {
  await settled(page, opts);
  await page.clock.runFor(ms);
  await settled(page, opts);
  // Another beat of the page's own timers (watchers sampling what is now on screen).
  await page.clock.runFor(100);
  await settled(page, opts);
}

/** Until the element's CSS animations and transitions (a dialog's fade-in) have finished, so axe reads the final colours. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => undefined));
}
