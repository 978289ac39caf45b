// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '#client/lib/router';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { TransactionsPage } from '#shared/schemas/rewards';
import type { CreateReviewResponse, MerchantReview, ReviewableDine, ReviewStatus } from '#shared/schemas/reviews';
import { createRoutes } from '../../app/routes';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { mockViewport } from '../../test/render';
import { expectNoAxeViolations } from '../../test/axe';
import { daysAgo, makePage, makeTransaction } from '../../features/rewards/test/rewards-fixtures';

type Answers = {
  page?: TransactionsPage;
  statuses?: (ids: string[]) => ReviewStatus[];
  dine?: ReviewableDine | Response;
  create?: (body: Record<string, unknown>) => Response;
};

function setup(answers: Answers = {}) {
  const calls: Array<{ path: string; body?: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url, init) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) as Record<string, unknown> : undefined;
    calls.push({ path: url.pathname + url.search, body });
    if (url.pathname === '/api/Member/Transactions') return json(answers.page ?? makePage([]));
    if (url.pathname === '/api/reviews/status') {
      const ids = url.searchParams.getAll('txnId');
      return json(answers.statuses ? answers.statuses(ids) : ids.map((id) => ({ id, completed: false })));
    }
    if (url.pathname.startsWith('/api/reviews/dines/')) {
      const d = answers.dine ?? dineOf();
      return d instanceof Response ? d : json(d);
    }
    if (url.pathname === '/api/reviews' && init.method === 'POST') return answers.create ? answers.create(body!) : json(created(body!));
    return undefined;
  })));
  return { calls };
}

const dineOf = (over: Partial<ReviewableDine> = {}): ReviewableDine => ({
  txnId: 'tx-1', merchantId: 42, merchantName: 'Blue Plate Diner', dinedAt: '2026-11-20T19:45:00-05:00', review: null, reviewable: true, problem: null, ...over,
});
const reviewOf = (over: Partial<MerchantReview> = {}): MerchantReview => ({
  id: 1, authorName: 'Sam C.', verified: true, food: 5, service: 4, ambience: 4, value: 3, overall: 4, comment: 'Lovely.', dinedIn: '2026-11', createdAt: '2026-11-21T10:00:00.000Z', ...over,
});
const created = (body: Record<string, unknown>): CreateReviewResponse => ({
  review: reviewOf({ food: body.food as number, service: body.service as number, ambience: body.ambience as number, value: body.value as number, comment: body.comment as string }),
  merchant: { id: 42, overallRating: 4.1, numberOfRatings: 10 },
});

function accountRoutes(partner: PartnerConfig): RouteObject[] {
  const pages = createRoutes(partner)[0]!.children![0]!.children!;
  return [pages.find((r) => r.path === 'account')!, { path: '*', element: <Where /> }];
}

function renderPage(route: string, member: ReturnType<typeof makeMember> | null = makeMember()) {
  const partner = makePartnerConfig();
  return renderRoutes(accountRoutes(partner), { partner, route, member, content: makeContentState({}, partner) });
}

beforeEach(() => mockViewport(1024));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Reviews & History: the §5 review link', () => {
  it('asks the status of the rows the rule allows once the page has loaded, and links those not reviewed', async () => {
    const rows = [
      makeTransaction({ sourceTransactionId: 'fresh', merchantName: 'Blue Plate Diner', transactionCreatedAt: daysAgo(2) }),
      makeTransaction({ sourceTransactionId: 'done', merchantName: 'Green Fork', merchantId: 43, transactionCreatedAt: daysAgo(3) }),
      makeTransaction({ sourceTransactionId: 'old', merchantName: 'Old Mill', merchantId: 44, transactionCreatedAt: daysAgo(40) }),
      makeTransaction({ sourceTransactionId: 'lost', merchantName: 'Red Door', merchantId: 45, transactionStatus: 'Forfeit', transactionCreatedAt: daysAgo(4) }),
      makeTransaction({ sourceTransactionId: 'B-9', merchantName: null, merchantId: null, transactionTypeCode: 'B', transactionCreatedAt: daysAgo(1) }),
    ];
    const { calls } = setup({ page: makePage(rows), statuses: (ids) => ids.map((id) => ({ id, completed: id === 'done' })) });
    renderPage('/account/recent_activity');
    const link = await screen.findByRole('link', { name: 'Write a review of Blue Plate Diner' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/account/recent_activity/review/fresh');
    expect(screen.getAllByRole('link', { name: /Write a review/ })).toHaveLength(1);
    expect(calls.filter((c) => c.path.startsWith('/api/reviews/status')).map((c) => c.path)).toEqual(['/api/reviews/status?txnId=fresh&txnId=done']);
  });

  it('shows no link while the status is unknown, and makes no call when no row could have one', async () => {
    const { calls } = setup({ page: makePage([makeTransaction({ transactionCreatedAt: daysAgo(50) })]) });
    renderPage('/account/recent_activity');
    await screen.findByRole('heading', { level: 3, name: /Blue Plate Diner/ }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /Write a review/ })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/reviews/status'))).toBe(false);
  });
});

describe('/account/recent_activity/review/:txnId', () => {
  it('checks every rating on submit, puts the errors on their groups and focus on the first, then sends the review trimmed', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderPage('/account/recent_activity/review/tx-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Write a review' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Blue Plate Diner')).toBeTruthy();
    expect(screen.getByText('Friday, November 20, 2026')).toBeTruthy();
    await expectNoAxeViolations();

    const food = screen.getByRole('group', { name: /^Food/ });
    await user.click(within(food).getByRole('radio', { name: '5 stars: Excellent' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    const service = screen.getByRole('group', { name: /^Service/ });
    expect(within(service).getByText('Rate the service from 1 to 5 stars.')).toBeTruthy();
    expect(service.getAttribute('aria-invalid')).toBe('true');
    expect(within(food).queryByText(/Rate the food/)).toBeNull();
    expect(document.activeElement).toBe(within(service).getAllByRole('radio')[0]);
    expect(calls.some((c) => c.path === '/api/reviews')).toBe(false);
    await expectNoAxeViolations();

    await user.click(within(service).getByRole('radio', { name: '4 stars: Very good' }));
    // Errors clear as the ratings come in.
    expect(within(service).queryByText(/Rate the service/)).toBeNull();
    await user.click(within(screen.getByRole('group', { name: /^Ambience/ })).getByRole('radio', { name: '4 stars: Very good' }));
    await user.click(within(screen.getByRole('group', { name: /^Value/ })).getByRole('radio', { name: '3 stars: Good' }));
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), '  Crisp fries.  ');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    const thanks = await screen.findByRole('heading', { name: 'Thank you for your review' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(calls.find((c) => c.path === '/api/reviews')?.body).toEqual({ txnId: 'tx-1', food: 5, service: 4, ambience: 4, value: 3, comment: 'Crisp fries.' });
    expect(screen.getByText('Verified diner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See it on the restaurant page' }).getAttribute('href')).toBe('/merchants/42');
  });

  it('refuses a comment over 1000 characters and shows the server\'s refusal in the banner', async () => {
    const user = userEvent.setup();
    setup({ create: () => json({ statusCode: 409, error: 'Conflict', message: 'You have already reviewed this visit. Each visit can be reviewed once.' }, 409) });
    renderPage('/account/recent_activity/review/tx-1');
    await screen.findByRole('button', { name: 'Submit review' }, { timeout: 5000 });
    for (const g of ['Food', 'Service', 'Ambience', 'Value']) {
      await user.click(within(screen.getByRole('group', { name: new RegExp(`^${g}`) })).getByRole('radio', { name: '4 stars: Very good' }));
    }
    const comment = screen.getByRole('textbox', { name: /Comment/ });
    await user.click(comment);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByText('Keep the comment to 1000 characters or fewer.')).toBeTruthy();
    expect(document.activeElement).toBe(comment);
    await user.clear(comment);
    await user.paste('x'.repeat(1000));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    const message = await screen.findByText('You have already reviewed this visit. Each visit can be reviewed once.', {}, { timeout: 5000 });
    const banner = message.closest('[role="alert"]') as HTMLElement;
    expect(banner).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(banner));
  });

  it('shows the review already written, or why the visit cannot be reviewed, instead of the form', async () => {
    setup({ dine: dineOf({ reviewable: false, problem: 'You have already reviewed this visit. Each visit can be reviewed once.', review: reviewOf({ comment: 'Lovely pasta.' }) }) });
    renderPage('/account/recent_activity/review/tx-1');
    expect(await screen.findByText('You have already reviewed this visit.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Lovely pasta.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
    cleanup();
    setup({ dine: dineOf({ reviewable: false, problem: 'Reviews can be written up to 35 days after the visit; this one is older.' }) });
    renderPage('/account/recent_activity/review/tx-1');
    expect(await screen.findByText('Reviews can be written up to 35 days after the visit; this one is older.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });

  it('says plainly when the visit is not in the member\'s history', async () => {
    setup({ dine: json({ statusCode: 404, error: 'Not Found', message: 'We could not find that visit in your history.' }, 404) });
    renderPage('/account/recent_activity/review/someone-elses');
    expect(await screen.findByText('We could not find that visit in your history.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Reviews & History' })).toBeTruthy();
  });

  it('sends a visitor to sign in', async () => {
    setup();
    renderPage('/account/recent_activity/review/tx-1', null);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/login/), { timeout: 5000 });
  });
});
