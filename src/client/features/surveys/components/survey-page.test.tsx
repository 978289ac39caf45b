// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { surveyLastSeenKey, SURVEY_MESSAGES } from '#shared/rules/surveys';
import { makeContentState, makePartnerConfig } from '#client/test/partner-fixture';
import { json, mockFetch, renderRoutes, Where } from '#client/test/render-router';
import { expectNoAxeViolations } from '#client/test/axe';
import { SurveyError, SurveyPage, SurveySuccess } from './survey-page';

const questions = [
  { id: 'overall', type: 'rating', label: 'Overall rating', required: true },
  { id: 'note', type: 'free_text', label: 'Anything else?' },
];
const surveys = [
  { slug: 'first', fields: { id: 'first-survey', title: 'First survey', text: 'The first one.', questions } },
  { slug: 'second', fields: { id: 'second-survey', title: 'Second survey', text: 'The second one.', questions } },
];

let posted: Array<{ url: string; body: Record<string, unknown> }> = [];
let status = 201;
beforeEach(() => {
  localStorage.clear();
  posted = [];
  status = 201;
  vi.stubGlobal('fetch', mockFetch((url, init) => {
    if (!url.pathname.startsWith('/api/surveys/')) return undefined;
    posted.push({ url: url.pathname, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return status === 201 ? json({ id: 7, surveyId: 'x', createdAt: '2026-11-23T00:00:00.000Z' }, 201) : json({ statusCode: status, error: 'Error', message: 'Nope' }, status);
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(route: string) {
  const partner = makePartnerConfig();
  return renderRoutes([
    { path: '/surveys', element: <SurveyPage /> },
    { path: '/surveys/success', element: <><SurveySuccess /><Where /></> },
    { path: '/surveys/error', element: <><SurveyError /><Where /></> },
  ], { route, partner, content: makeContentState({ surveys }, partner) });
}

describe('/surveys', () => {
  it('shows the survey named by ?id=, and the first survey without one', async () => {
    renderPage('/surveys?id=second-survey');
    expect(screen.getByRole('heading', { level: 1, name: 'Second survey' })).toBeTruthy();
    await expectNoAxeViolations();
    cleanup();
    renderPage('/surveys');
    expect(screen.getByRole('heading', { level: 1, name: 'First survey' })).toBeTruthy();
  });

  it('says so for a survey that is not (or no longer) in the content', () => {
    renderPage('/surveys?id=gone');
    expect(screen.getByRole('heading', { level: 1, name: SURVEY_MESSAGES.notAvailable })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('sends the answers with the link\'s §7 parameters, records last-seen and lands on /surveys/success', async () => {
    renderPage('/surveys?id=first-survey&utm_source=%2Fsearch&public_id=KNOWN-1');
    const form = screen.getByRole('form', { name: 'First survey' });
    await userEvent.click(within(form).getByRole('radio', { name: '2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Submit survey' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/surveys/success'));
    expect(screen.getByRole('heading', { level: 1, name: SURVEY_MESSAGES.successTitle })).toBeTruthy();
    expect(posted).toEqual([{
      url: '/api/surveys/first-survey/responses',
      body: { answers: { overall: 2 }, utm_campaign: 'first-survey', utm_medium: 'web', utm_source: '/search', public_id: 'KNOWN-1', partner_code: makePartnerConfig().code },
    }]);
    expect(localStorage.getItem(surveyLastSeenKey('first-survey'))).toMatch(/^\d+$/);
  });

  it('without link parameters the page itself is the source', async () => {
    renderPage('/surveys?id=first-survey');
    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit survey' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ utm_source: '/surveys', utm_medium: 'web' });
    expect(posted[0]!.body).not.toHaveProperty('public_id');
  });

  it('lands on /surveys/error with §8 wording and a way back when the server cannot take it', async () => {
    status = 503;
    renderPage('/surveys?id=first-survey');
    await userEvent.click(screen.getByRole('radio', { name: '3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit survey' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/surveys/error?id=first-survey'));
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! There was an issue processing your survey.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/surveys?id=first-survey');
    expect(localStorage.getItem(surveyLastSeenKey('first-survey'))).toBeNull();
  });
});
