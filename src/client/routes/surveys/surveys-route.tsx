import { SurveyError, SurveyPage, SurveySuccess } from '../../features/surveys';

/** /surveys: one of the partner's surveys as a page (issue 12; docs/api-surveys.md). */
export function SurveysRoute() {
  return <SurveyPage />;
}

/** /surveys/success: the answers were received. */
export function SurveysSuccessRoute() {
  return <SurveySuccess />;
}

/** /surveys/error: §8 'Oops! There was an issue processing your survey.' */
export function SurveysErrorRoute() {
  return <SurveyError />;
}
