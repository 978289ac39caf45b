import { SurveyError, SurveyPage, SurveySuccess } from '../../features/surveys';
import { ROUTES } from '#shared/routes';
import { FlowEndGate } from '../../components/flow-end-gate';

/** /surveys: one of the partner's surveys as a page (issue 12; docs/api-surveys.md). */
export function SurveysRoute() {
  return <SurveyPage />;
}

/** /surveys/success: the answers were received (reached from a survey only). */
export function SurveysSuccessRoute() {
  return (
    <FlowEndGate route={ROUTES.surveysSuccess}>
      <SurveySuccess />
    </FlowEndGate>
  );
}

/** /surveys/error: §8 'Oops! There was an issue processing your survey.' */
export function SurveysErrorRoute() {
  return <SurveyError />;
}
