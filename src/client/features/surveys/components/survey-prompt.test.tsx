// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from '#client/lib/router';
import type { Member } from '#shared/schemas/member';
import { answerMessages, surveyLastSeenKey } from '#shared/rules/surveys';
import { makeMember } from '#client/test/member-fixture';
import { makeContentState, makePartnerConfig } from '#client/test/partner-fixture';
import { json, mockFetch, renderRoutes } from '#client/test/render-router';
import { expectNoAxeViolations } from '#client/test/axe';
import { SurveyPrompt } from './survey-prompt';

const TITLE = 'How are we doing?';
const SURVEY_ID = 'test-dining-2026';
const DAY = 86_400_000;

function surveyFields(over: Record<string, unknown> = {}) {
  return {
    id: SURVEY_ID, title: TITLE, text: 'Three quick questions about {{programName1}}.', delay_timeout: 0, cookie_timeout: 90,
    url_allow_list: [], url_disallow_list: [{ url_disallowed: '/account' }],
    questions: [
      { id: 'overall', type: 'rating', label: 'Overall rating', required: true, low_label: 'Poor', high_label: 'Great' },
      { id: 'frequency', type: 'single_choice', label: 'How often?', required: true, options: ['Weekly', 'Monthly'] },
      { id: 'improve', type: 'free_text', label: 'What would make it better?', max_length: 50 },
    ],
    ...over,
  };
}

type Posted = { url: string; body: Record<string, unknown> };
let posted: Posted[] = [];
let answer: (url: URL) => Response = () => json({ id: 1, surveyId: SURVEY_ID, createdAt: '2026-11-23T00:00:00.000Z' }, 201);

beforeEach(() => {
  localStorage.clear();
  posted = [];
  answer = () => json({ id: 1, surveyId: SURVEY_ID, createdAt: '2026-11-23T00:00:00.000Z' }, 201);
  vi.stubGlobal('fetch', mockFetch((url, init) => {
    if (url.pathname.startsWith('/api/surveys/')) {
      posted.push({ url: url.pathname, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return answer(url);
    }
    return undefined;
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Page() {
  return (
    <>
      <main id="main" tabIndex={-1}>
        <Link to="/other">Other page</Link>
        <Link to="/discover">Discover</Link>
        <Outlet />
      </main>
      <SurveyPrompt />
    </>
  );
}

function renderPrompt(opts: { route?: string; fields?: Record<string, unknown>; member?: Member | null; maintenanceMode?: boolean } = {}) {
  const partner = makePartnerConfig(opts.maintenanceMode ? { maintenanceMode: true } : {});
  return renderRoutes([{ path: '*', element: <Page /> }], {
    route: opts.route ?? '/how-it-works', member: opts.member ?? null, partner,
    content: makeContentState({ surveys: [{ slug: 'dining', fields: surveyFields(opts.fields) }] }, partner),
  });
}

const region = () => screen.findByRole('region', { name: TITLE });
/**
 * For a prompt that must not show: the survey's delay and the interruption queue run on fake
 * timers, a second of them passed at once, then the page is as it will stay.
 */
async function renderWithoutPrompt(opts: Parameters<typeof renderPrompt>[0] = {}) {
  vi.useFakeTimers();
  try {
    renderPrompt(opts);
    await act(() => vi.advanceTimersByTimeAsync(1000));
  } finally {
    vi.useRealTimers();
  }
}
const toggle = () => screen.getByRole('button', { name: TITLE });
/** Opens the prompt and waits for its form, whose code comes when the bar shows (survey-prompt.tsx). */
async function openForm() {
  await userEvent.click(toggle());
  await screen.findByRole('form', { name: TITLE });
}

describe('survey prompt (§4)', () => {
  it('is hidden until its delay has passed, then shows its title as a collapsed heading button', async () => {
    renderPrompt({ fields: { delay_timeout: 0.3 } });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    const r = await screen.findByRole('region', { name: TITLE }, { timeout: 2000 });
    expect(within(r).getByRole('heading', { level: 2, name: TITLE })).toBeTruthy();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('expands on a title click (450 px panel with every question labelled) and collapses on the next', async () => {
    renderPrompt();
    const r = await region();
    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(r.style.getPropertyValue('--survey-height')).toBe('450px');
    // The form's code comes when the bar shows (survey-prompt.tsx): the first opening may wait for it.
    const form = await within(r).findByRole('form', { name: TITLE });
    expect(within(form).getByRole('radiogroup', { name: /Overall rating/ })).toBeTruthy();
    expect(within(form).getByRole('radiogroup', { name: /How often\?/ })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /What would make it better\?/ })).toBeTruthy();
    expect(within(r).getByText(/Three quick questions about /).textContent).not.toContain('{{');
    await expectNoAxeViolations();
    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('Escape collapses it and puts focus back on the title', async () => {
    renderPrompt();
    await region();
    await userEvent.click(toggle());
    await userEvent.click(await screen.findByRole('radio', { name: 'Weekly' }));
    await userEvent.keyboard('{Escape}');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('never shows on /discover, on a disallowed path, or on an allow list that does not match', async () => {
    await renderWithoutPrompt({ route: '/discover' });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    cleanup();
    await renderWithoutPrompt({ route: '/account/overview' });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    cleanup();
    await renderWithoutPrompt({ route: '/how-it-works', fields: { url_allow_list: [{ url_allowed: '/search' }] } });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
  });

  it('is not offered while the maintenance notice replaces the page', async () => {
    await renderWithoutPrompt({ maintenanceMode: true });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
  });

  it('goes away when the visitor moves to /discover', async () => {
    renderPrompt();
    await region();
    await userEvent.click(screen.getByRole('link', { name: 'Discover' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: TITLE })).toBeNull());
  });

  it('stays away while the cookie timeout since last seen runs, and shows again after', async () => {
    localStorage.setItem(surveyLastSeenKey(SURVEY_ID), String(Date.now() - 89 * DAY));
    await renderWithoutPrompt();
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    cleanup();
    localStorage.setItem(surveyLastSeenKey(SURVEY_ID), String(Date.now() - 90 * DAY - 1000));
    renderPrompt();
    expect(await region()).toBeTruthy();
  });

  it('the close button records last-seen, hides it, moves focus to the page and it does not come back on the next page', async () => {
    renderPrompt();
    await region();
    const close = screen.getByRole('button', { name: `Close survey: ${TITLE}` });
    close.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    expect(Number(localStorage.getItem(surveyLastSeenKey(SURVEY_ID)))).toBeGreaterThan(Date.now() - 5000);
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
    // The next page, and a second of (fake) time for a survey to come back: it does not.
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
      await act(() => vi.advanceTimersByTimeAsync(1000));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
  });

  it("the form's 'No thanks' records last-seen too", async () => {
    renderPrompt();
    await region();
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    expect(localStorage.getItem(surveyLastSeenKey(SURVEY_ID))).toMatch(/^\d+$/);
  });

  it('checks the answers before sending: required questions named, focus on the first', async () => {
    renderPrompt();
    await region();
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const rating = screen.getByRole('radiogroup', { name: /Overall rating/ });
    expect(within(rating).getByText(answerMessages.required)).toBeTruthy();
    expect(within(screen.getByRole('radiogroup', { name: /How often\?/ })).getByText(answerMessages.required)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(rating).getByRole('radio', { name: '1' })));
    expect(rating.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
    // Fixed answers clear their errors at once.
    await userEvent.click(within(rating).getByRole('radio', { name: '4' }));
    expect(within(rating).queryByText(answerMessages.required)).toBeNull();
  });

  it("shows the server's answer errors on their questions", async () => {
    answer = () => json({ statusCode: 400, error: 'Bad Request', message: 'Choose one of the options.', fieldErrors: [{ field: 'answers.frequency', message: 'Choose one of the options.' }] }, 400);
    renderPrompt();
    await region();
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: '2' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const group = screen.getByRole('radiogroup', { name: /How often\?/ });
    await waitFor(() => expect(within(group).getByText('Choose one of the options.')).toBeTruthy());
  });

  it("§8 wording in the prompt when the server cannot take the answers", async () => {
    answer = () => json({ statusCode: 503, error: 'Service Unavailable', message: 'Down' }, 503);
    renderPrompt();
    await region();
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: '2' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await within(await region()).findByRole('alert');
    expect(alert.textContent).toContain('Oops! There was an issue processing your survey.');
    expect(localStorage.getItem(surveyLastSeenKey(SURVEY_ID))).toBeNull();
  });

  it("sends the answers with the §7 embed (the member's public id), thanks, and records last-seen and closes 4 s later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPrompt({ route: '/how-it-works', member: makeMember({ publicId: 'PUB-123' }) });
    await region();
    await user.click(toggle());
    await user.click(await screen.findByRole('radio', { name: '5' }));
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    await user.type(screen.getByRole('textbox', { name: /What would make it better\?/ }), '  More places  ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const thanks = await within(await region()).findByRole('status');
    expect(thanks.textContent).toBe('Thank you! Your answers were received.');
    expect(document.activeElement).toBe(thanks);
    expect(posted).toEqual([{
      url: `/api/surveys/${SURVEY_ID}/responses`,
      body: { answers: { overall: 5, frequency: 'Weekly', improve: 'More places' }, utm_campaign: SURVEY_ID, utm_medium: 'web', utm_source: '/how-it-works', public_id: 'PUB-123', partner_code: makePartnerConfig().code },
    }]);
    expect(localStorage.getItem(surveyLastSeenKey(SURVEY_ID))).toBeNull();
    act(() => { vi.advanceTimersByTime(3900); });
    expect(screen.getByRole('region', { name: TITLE })).toBeTruthy();
    act(() => { vi.advanceTimersByTime(200); });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    expect(localStorage.getItem(surveyLastSeenKey(SURVEY_ID))).toMatch(/^\d+$/);
  });

  it('a visitor leaving within the 4 s still has last-seen recorded', async () => {
    renderPrompt();
    await region();
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: '3' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    fireEvent.submit(screen.getByRole('form', { name: TITLE }));
    await within(await region()).findByRole('status');
    await userEvent.click(screen.getByRole('link', { name: 'Discover' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: TITLE })).toBeNull());
    expect(localStorage.getItem(surveyLastSeenKey(SURVEY_ID))).toMatch(/^\d+$/);
  });
});
