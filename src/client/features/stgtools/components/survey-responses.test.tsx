// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { StgSurveyResponsesResponse } from '#shared/schemas/surveys';
import { renderWithProviders } from '#client/test/render';
import { json, mockFetch } from '#client/test/render-router';
import { expectNoAxeViolations } from '#client/test/axe';
import { SurveyResponses } from './survey-responses';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const data: StgSurveyResponsesResponse = {
  responses: [{
    id: 3, surveyId: 'hilton-dining-experience-2026', surveyTitle: 'How are we doing?', who: 'sam@hilton.example.com (you)', utmSource: '/how-it-works',
    createdAt: '2026-11-23T01:00:00.000Z',
    answers: [{ questionId: 'overall', question: 'Overall rating', answer: 4 }, { questionId: 'improve', question: 'What would make it better?', answer: 'More places' }],
  }, {
    id: 2, surveyId: 'old-survey', surveyTitle: null, who: 'visitor demo-hilton-visitor-new', utmSource: null, createdAt: '2026-11-22T01:00:00.000Z',
    answers: [{ questionId: 'q1', question: 'q1', answer: 'x' }],
  }],
};

describe('staging tools: survey answers', () => {
  it('lists each answer set with its survey, who, where, and each question with its answer', async () => {
    vi.stubGlobal('fetch', mockFetch((url) => (url.pathname === '/api/stgtools/survey-responses' ? json(data) : undefined)));
    renderWithProviders(<SurveyResponses />);
    const section = screen.getByRole('region', { name: 'Survey answers' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('How are we doing?');
    expect(items[0]!.textContent).toContain('sam@hilton.example.com (you)');
    expect(items[0]!.textContent).toContain('from /how-it-works');
    expect(within(items[0]!).getAllByRole('term').map((t) => t.textContent)).toEqual(['Overall rating', 'What would make it better?']);
    expect(within(items[0]!).getAllByRole('definition').map((d) => d.textContent)).toEqual(['4', 'More places']);
    // A survey no longer in the content shows by its id.
    expect(items[1]!.textContent).toContain('old-survey');
    await expectNoAxeViolations();
  });

  it('says when there is nothing yet, and when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', mockFetch((url) => (url.pathname === '/api/stgtools/survey-responses' ? json({ responses: [] }) : undefined)));
    renderWithProviders(<SurveyResponses />);
    expect(await screen.findByText('No survey answers to show yet.')).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', mockFetch(() => json({ statusCode: 404, error: 'Not Found', message: 'Not found.' }, 404)));
    renderWithProviders(<SurveyResponses />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/The survey answers could not be loaded/);
  });
});
