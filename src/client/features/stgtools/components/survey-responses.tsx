import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { Spinner } from '#client/components/spinner';
import { call } from '#client/lib/api';
import { messageOf } from '../message-of';
import { localDateTime, ToolSection } from './tool-section';
import styles from './stgtools.module.css';
import own from './survey-responses.module.css';

/** GET /api/stgtools/survey-responses (docs/api-surveys.md). */
export function surveyResponsesQueryOptions() {
  return queryOptions({
    queryKey: ['stgtools', 'survey-responses'] as const,
    queryFn: ({ signal }) => call(API_PATHS.surveyResponses, { signal }),
    retry: false,
    // Answers arrive while the tester works elsewhere: fetch again whenever the page is opened.
    staleTime: 0,
  });
}

/**
 * Survey answers on this partner site, newest first: the demo accounts' (signed in, or as a
 * known visitor with a demo public id) and the viewer's own. Anonymous answers are never shown:
 * on a staging site they may be a real person's words.
 */
export function SurveyResponses() {
  const query = useQuery(surveyResponsesQueryOptions());
  return (
    <ToolSection title="Survey answers" query={query}>
      <p>
        Answers to this site&apos;s surveys from the demo accounts (signed in, or as a known visitor with a demo public id), and yours when you are
        signed in. Anonymous answers and other people&apos;s are never shown here.
      </p>
      {query.isPending && <Spinner label="Loading the survey answers" />}
      {query.isError && <p role="alert">The survey answers could not be loaded: {messageOf(query.error)}</p>}
      {query.data && query.data.responses.length === 0 && <p>No survey answers to show yet.</p>}
      {query.data && query.data.responses.length > 0 && (
        <ul className={styles.outbox} aria-label="Survey answers, newest first">
          {query.data.responses.map((r) => (
            <li key={r.id} className={styles.mail}>
              <p className={styles.subject}>{r.surveyTitle ?? r.surveyId}</p>
              <p className={styles.muted}>
                {r.who} · <time dateTime={r.createdAt}>{localDateTime(r.createdAt)}</time>
                {r.utmSource && <> · from {r.utmSource}</>}
              </p>
              <dl className={own.answers}>
                {r.answers.map((a) => (
                  <div key={a.questionId}>
                    <dt>{a.question}</dt>
                    <dd>{String(a.answer)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </ToolSection>
  );
}
