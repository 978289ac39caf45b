import { useEffect, useId, useRef } from 'react';
import { Link } from '#client/lib/router';
import { REDEMPTION_TERMS } from '#shared/constants/redemptions';
import { isFinal, returnsMoney } from '#shared/rules/redemptions';
import { paths } from '#shared/routes';
import { Spinner } from '#client/components/spinner';
import { ApiError } from '#client/lib/api';
import { useSignInOnUnauthorised } from '../../rewards';
import { useRedemption, type Redemption } from '../api';
import { dayAndTime, feeText, money, statusText, STEP_STATE_TEXT, timeline } from '../format';
import styles from './redemptions.module.css';

export const DETAIL_TITLE = 'Your redemption';
export const STEPS_TITLE = 'Where it is';
export const NOT_FOUND_TEXT = 'We could not find this redemption. It may belong to another account.';
export const DETAIL_FAILED = 'We could not load this redemption just now. Please refresh the page.';
export const BACK_TO_REDEEM = 'Back to Redeem';
export const RECEIVED_TEXT = 'Thank you: we have your redemption.';

/**
 * One redemption: what it is, where it goes, and its steps as an ordered list with each step's
 * state in words (Done, Not yet, Stopped), asked again every few seconds until it is final. A held
 * one says why it waits; a rejected or failed one says why and that the money is back in the
 * balance. `arrived`: the member has just made it here (its heading takes focus, and it is said).
 */
export function RedemptionDetail({ redemptionId, arrived = false }: { redemptionId: string; arrived?: boolean }) {
  const query = useRedemption(redemptionId);
  const unauthorised = useSignInOnUnauthorised(query.error);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (arrived) headingRef.current?.focus();
  }, [arrived]);
  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <div className={styles.detail}>
      <Link to={paths.account.redeem()} className={styles.back}>
        <span aria-hidden="true">‹ </span>
        {BACK_TO_REDEEM}
      </Link>
      <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
        {DETAIL_TITLE}
      </h1>
      {unauthorised ? (
        <Spinner label="Taking you to sign in" size="large" block />
      ) : query.isPending ? (
        <Spinner label="Loading your redemption" size="large" block />
      ) : query.isError ? (
        <p role="alert">{missing ? NOT_FOUND_TEXT : DETAIL_FAILED}</p>
      ) : (
        <Detail redemption={query.data} arrived={arrived} />
      )}
    </div>
  );
}

function Detail({ redemption: r, arrived }: { redemption: Redemption; arrived: boolean }) {
  const stepsId = useId();
  const final = isFinal(r.status);
  const stopped = returnsMoney(r.status);
  const made = dayAndTime(r.createdAt);
  return (
    <>
      {arrived && <p className={styles.note}>{RECEIVED_TEXT}</p>}
      <dl className={styles.facts}>
        <div><dt>What</dt><dd>{r.label}{r.automatic ? ' (automatic)' : ''}</dd></div>
        <div><dt>Amount</dt><dd>{money(r.amountCents)}{r.feeCents > 0 ? ` (${feeText(r.feeCents).toLowerCase()} taken from it)` : ''}</dd></div>
        <div><dt>To</dt><dd>{r.destination}</dd></div>
        {r.maskedCard !== null && (
          <div>
            <dt>Card number</dt>
            <dd>
              <span className={styles.masked} aria-hidden="true">{r.maskedCard}</span>
              <span className="visually-hidden">not shown here: it is in the e-mail that delivers the card</span>
            </dd>
          </div>
        )}
        {made && <div><dt>Made</dt><dd><time dateTime={r.createdAt}>{made}</time></dd></div>}
        {!final && <div><dt>Arrives</dt><dd>{REDEMPTION_TERMS[r.option].arrives}</dd></div>}
        <div>
          <dt>Status</dt>
          {/* Read out when it changes while the page is open (it is asked again every few seconds). */}
          <dd><span role="status">{statusText(r)}</span></dd>
        </div>
      </dl>
      {r.hold && !final && <p className={styles.callout}>{r.hold.text}</p>}
      {stopped && (
        <div className={`${styles.callout} ${styles.calloutStopped}`}>
          {r.reason && <p>{r.reason}</p>}
          <p><strong>{r.money}</strong></p>
        </div>
      )}
      <section className={styles.section} aria-labelledby={stepsId}>
        <h2 id={stepsId} className={styles.sectionTitle}>
          {STEPS_TITLE}
        </h2>
        <ol className={styles.timeline} aria-labelledby={stepsId}>
          {timeline(r).map((s) => {
            const at = s.at ? dayAndTime(s.at) : null;
            const stateClass = s.state === 'done' ? styles.stepDone : s.state === 'stopped' ? styles.stepStopped : styles.stepUpcoming;
            return (
              <li key={s.status} className={`${styles.step} ${stateClass}`} aria-current={s.current ? 'step' : undefined}>
                <span className={styles.marker} aria-hidden="true">
                  {s.state === 'done' ? '✓' : s.state === 'stopped' ? '!' : ''}
                </span>
                <span className={styles.stepBody}>
                  <span className={styles.stepLabel}>{s.label}</span>
                  <span className={`${styles.stepState} ${styles.muted}`}>
                    {STEP_STATE_TEXT[s.state]}
                    {at && s.at && (
                      <>
                        {' · '}
                        <time dateTime={s.at}>{at}</time>
                      </>
                    )}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
        {!stopped && <p className={styles.note}>{r.money}</p>}
        {!final && <p className={`${styles.note} ${styles.muted}`}>This page updates by itself.</p>}
      </section>
    </>
  );
}
