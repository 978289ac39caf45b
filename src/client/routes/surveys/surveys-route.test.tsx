// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { SURVEY_MESSAGES } from '#shared/rules/surveys';
import { SurveysSuccessRoute } from './surveys-route';
import { FLOW_DONE } from '../../components/flow-end-gate';
import { renderRoutes } from '../../test/render-router';

afterEach(cleanup);

describe('/surveys/success (issue 25 item 7)', () => {
  it('opened directly is the not-found page, not a thank-you for answers never sent', () => {
    renderRoutes([{ path: '/surveys/success', element: <SurveysSuccessRoute /> }], { route: '/surveys/success' });
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
    expect(screen.queryByText(SURVEY_MESSAGES.successTitle)).toBeNull();
  });

  it('reached from a survey says thank you', () => {
    renderRoutes([{ path: '/surveys/success', element: <SurveysSuccessRoute /> }], { route: { pathname: '/surveys/success', state: FLOW_DONE } });
    expect(screen.getByRole('heading', { level: 1, name: SURVEY_MESSAGES.successTitle })).toBeTruthy();
  });
});
