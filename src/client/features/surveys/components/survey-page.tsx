import { useNavigate, useSearchParams } from '#client/lib/router';
import { SURVEY_MESSAGES, surveyEmbed } from '#shared/rules/surveys';
import { paths } from '#shared/routes';
import { LinkButton } from '#client/components/button';
import { FLOW_DONE } from '#client/components/flow-end-gate';
import { StatusPage } from '#client/components/status-page';
import { useDocumentTitle } from '#client/components/use-document-title';
import { usePartner } from '#client/lib/partner';
import { useKnownPublicId, useMember } from '../../session';
import { useSurveys } from '../api';
import { markSeen } from '../last-seen';
import { SurveyForm } from './survey-form';
import styles from './surveys.module.css';

/**
 * /surveys: one survey as a page (?id= names it; without one, the partner's first survey). A link
 * may carry the §7 embed parameters (utm_source: the page it was shown on); otherwise they are
 * this page's. Answered: /surveys/success; a failure that is not about the answers: /surveys/error.
 */
export function SurveyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const partner = usePartner();
  const { member } = useMember();
  const knownPublicId = useKnownPublicId();
  const surveys = useSurveys();
  const id = params.get('id');
  const survey = id ? surveys.find((s) => s.id === id) : surveys[0];
  useDocumentTitle(survey ? `${survey.title} | ${partner.name}` : `Survey | ${partner.name}`);

  if (!survey) {
    return (
      <StatusPage title={SURVEY_MESSAGES.notAvailable} actions={<LinkButton to={paths.home()}>Go to the home page</LinkButton>}>
        <p>Thank you for wanting to help. There is nothing to answer here right now.</p>
      </StatusPage>
    );
  }
  const own = surveyEmbed({ surveyId: survey.id, pathname: paths.surveys(), publicId: member?.publicId ?? knownPublicId, partnerCode: partner.code });
  const embed = {
    ...own,
    utm_campaign: params.get('utm_campaign') || own.utm_campaign,
    utm_source: params.get('utm_source') || own.utm_source,
    ...(!own.public_id && params.get('public_id') ? { public_id: params.get('public_id')! } : {}),
  };
  return (
    <div className={`container ${styles.page}`}>
      <h1>{survey.title}</h1>
      {survey.text && survey.text !== survey.title && <p className={styles.pageIntro}>{survey.text}</p>}
      <SurveyForm
        survey={survey}
        embed={embed}
        submitText="Submit survey"
        onSubmitted={() => {
          markSeen(survey.id);
          void navigate(paths.surveys.success(), { state: FLOW_DONE });
        }}
        onFailed={() => void navigate(paths.surveys.error({ id: survey.id }))}
      />
    </div>
  );
}

/** /surveys/success. */
export function SurveySuccess() {
  const partner = usePartner();
  useDocumentTitle(`${SURVEY_MESSAGES.successTitle} | ${partner.name}`);
  return (
    <StatusPage title={SURVEY_MESSAGES.successTitle} actions={<LinkButton to={paths.home()}>Go to the home page</LinkButton>}>
      <p>{SURVEY_MESSAGES.successText}</p>
    </StatusPage>
  );
}

/** /surveys/error: §8 wording, and a way back to the survey (?id=) when it is known. */
export function SurveyError() {
  const [params] = useSearchParams();
  const partner = usePartner();
  const id = params.get('id');
  useDocumentTitle(`Survey not sent | ${partner.name}`);
  return (
    <StatusPage
      title={SURVEY_MESSAGES.error}
      actions={
        <>
          {id && <LinkButton to={paths.surveys({ id })}>Try again</LinkButton>}
          <LinkButton to={paths.home()} variant={id ? 'secondary' : 'primary'}>Go to the home page</LinkButton>
        </>
      }
    >
      <p>{SURVEY_MESSAGES.errorHelp}</p>
    </StatusPage>
  );
}
