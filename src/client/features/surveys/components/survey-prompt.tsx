import { startTransition, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useLocation } from '#client/lib/router';
import { openDuringMaintenance } from '#shared/rules/promotions-maintenance';
import { SURVEY_CLOSE_AFTER_SUBMIT_MS, SURVEY_HEIGHT_PX, SURVEY_MESSAGES, surveyEmbed, surveyForPath, type Survey } from '#shared/rules/surveys';
import { usePartner } from '#client/lib/partner';
import { useKnownPublicId, useMember } from '../../session';
import { useInterruption } from '../../interruptions';
import { useSurveys } from '../api';
import { markSeen, readLastSeen } from '../last-seen';
import { DeferredPart } from '#client/components/deferred-part';
import { lazyScreen } from '#client/components/lazy-screen';
import { Spinner } from '#client/components/spinner';
import styles from './surveys.module.css';

// The form's code (react-hook-form, the fields, the banners) is not part of the chrome's chunk: it
// is fetched when the bar shows and drawn when the survey is opened. In its own boundary: lost to
// the connection, the bar stays and the form comes once back online.
const loadSurveyForm = () => import('./survey-form');
const SurveyForm = lazyScreen(loadSurveyForm, 'SurveyForm');

type Stage = 'form' | 'thanks';

/** Focus lands on the page's main region when the prompt goes away with focus inside it. */
function focusMain() {
  document.getElementById('main')?.focus();
}

/**
 * §4 survey prompt, fixed to the bottom of the page: hidden until the survey's delay has passed on
 * a path where it is visible (rules/surveys.ts: allow and disallow prefixes, never /discover,
 * not again before the cookie timeout since last seen). Its title is a heading button
 * (aria-expanded) that expands the survey (450 px) and collapses it on the next click; Escape
 * collapses too. Closing it (the close button or the form's 'No thanks') records last-seen;
 * a submitted survey thanks, then records last-seen and closes after 4 s. The survey is picked
 * once per page: closing one does not bring up the next on the same page. Not while the
 * maintenance notice replaces the page.
 */
export function SurveyPrompt() {
  const { pathname } = useLocation();
  const surveys = useSurveys();
  const { maintenanceMode } = usePartner();
  const [survey, setSurvey] = useState<Survey | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [stage, setStage] = useState<Stage>('form');
  const current = useRef<Survey | null>(null);
  current.current = survey;

  useEffect(() => {
    const candidate = surveyForPath(surveys, { pathname, lastSeen: readLastSeen, now: Date.now() });
    if (!candidate) {
      setSurvey(null);
      setExpanded(false);
      return undefined;
    }
    // Already showing this survey: it stays as it is across pages where it is visible.
    if (current.current?.id === candidate.id) return undefined;
    setSurvey(null);
    setExpanded(false);
    setStage('form');
    // A transition: the bar is rendered in slices rather than in one task of the timer's.
    const timer = window.setTimeout(() => startTransition(() => setSurvey(candidate)), candidate.delaySeconds * 1000);
    return () => window.clearTimeout(timer);
  }, [pathname, surveys]);

  // The maintenance notice replaces the page: nothing to give feedback on. Due, it waits for the
  // interruption queue (one at a time, none on joining, linking a card, signing in …).
  const due = survey !== null && !(maintenanceMode && !openDuringMaintenance(pathname));
  const show = useInterruption('survey', due);
  if (!survey || !show) return null;
  return (
    <PromptRegion
      key={survey.id}
      survey={survey}
      pathname={pathname}
      expanded={expanded}
      stage={stage}
      onToggle={() => setExpanded((e) => !e)}
      onCollapse={() => setExpanded(false)}
      onSubmitted={() => setStage('thanks')}
      onClose={() => {
        markSeen(survey.id);
        setSurvey(null);
        setExpanded(false);
      }}
    />
  );
}

type RegionProps = {
  survey: Survey;
  pathname: string;
  expanded: boolean;
  stage: Stage;
  onToggle: () => void;
  onCollapse: () => void;
  onSubmitted: () => void;
  onClose: () => void;
};

function PromptRegion({ survey, pathname, expanded, stage, onToggle, onCollapse, onSubmitted, onClose }: RegionProps) {
  const uid = useId();
  const partner = usePartner();
  const { member } = useMember();
  const knownPublicId = useKnownPublicId();
  const regionRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const headingId = `${uid}-heading`;
  const bodyId = `${uid}-body`;
  // The form is drawn when the survey is first opened, not with the bar (most visitors never open
  // it: its fields were most of the bar's render); kept once drawn, so answers survive a collapse.
  // Its code is fetched as the bar shows, so opening it does not wait for the network.
  const [opened, setOpened] = useState(expanded);
  if (expanded && !opened) setOpened(true);
  useEffect(() => {
    void loadSurveyForm().catch(() => undefined);
  }, []);

  const close = () => {
    const inside = regionRef.current?.contains(document.activeElement) ?? false;
    closeRef.current();
    if (inside) requestAnimationFrame(focusMain);
  };

  // §4: a submitted survey records last-seen and closes 4 s later (or when the page goes away first).
  useEffect(() => {
    if (stage !== 'thanks') return undefined;
    thanksRef.current?.focus();
    let done = false;
    const timer = window.setTimeout(() => {
      done = true;
      const inside = regionRef.current?.contains(document.activeElement) ?? false;
      closeRef.current();
      if (inside) requestAnimationFrame(focusMain);
    }, SURVEY_CLOSE_AFTER_SUBMIT_MS);
    return () => {
      window.clearTimeout(timer);
      if (!done) markSeen(survey.id);
    };
  }, [stage, survey.id]);

  const embed = surveyEmbed({ surveyId: survey.id, pathname, publicId: member?.publicId ?? knownPublicId, partnerCode: partner.code });
  return (
    <section
      ref={regionRef}
      className={`${styles.prompt} ${expanded ? styles.promptOpen : ''}`}
      aria-labelledby={headingId}
      style={{ '--survey-height': `${SURVEY_HEIGHT_PX}px` } as CSSProperties}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && expanded) {
          e.stopPropagation();
          onCollapse();
          toggleRef.current?.focus();
        }
      }}
    >
      <div className={styles.promptBar}>
        <h2 id={headingId} className={styles.promptHeading}>
          <button ref={toggleRef} type="button" className={styles.promptToggle} aria-expanded={expanded} aria-controls={bodyId} onClick={onToggle}>
            <span>{survey.title}</span>
            <span aria-hidden="true" className={styles.chevron}>{expanded ? '▾' : '▴'}</span>
          </button>
        </h2>
        <button type="button" className={styles.promptClose} aria-label={`Close survey: ${survey.title}`} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div id={bodyId} className={styles.promptBody} hidden={!expanded}>
        {stage === 'thanks' ? (
          <p ref={thanksRef} tabIndex={-1} role="status" className={styles.thanks}>{SURVEY_MESSAGES.promptThanks}</p>
        ) : (
          <>
            {survey.text && survey.text !== survey.title && <p className={styles.intro}>{survey.text}</p>}
            {opened && (
              <DeferredPart fallback={<Spinner label="Loading the survey" />}>
                <SurveyForm survey={survey} embed={embed} onSubmitted={onSubmitted} />
              </DeferredPart>
            )}
            <p className={styles.noThanks}>
              <button type="button" className={styles.linkButton} onClick={close}>No thanks</button>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
