import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TIER_LEVELS } from '#shared/constants/member';
import { useLocation } from '#client/lib/router';
import { activationHref, activationPromptFor } from '#shared/rules/arrival';
import { programName } from '#shared/rules/partner-features';
import { usePartner } from '#client/lib/partner';
import { LinkButton } from '#client/components/button';
import { useContentPage } from '../../features/content';
import { activateByLine, transactionsQueryOptions } from '../../features/rewards';
import { useArrivalVisitor } from '../../features/session';
import { useInterruption } from '../../features/interruptions';
import styles from './activation-prompt.module.css';

/** Session storage: the public id whose prompt was closed in this window (it comes back in a new one). */
export const ACTIVATION_PROMPT_CLOSED_KEY = 'RN_ACTIVATION_PROMPT_CLOSED';

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function closedFor(): string | null {
  try {
    return sessionStorage.getItem(ACTIVATION_PROMPT_CLOSED_KEY);
  } catch {
    return null;
  }
}

/**
 * §6 'unactivated users asked to activate', under the top bar on every page: a tier-1 member or a
 * known visitor (looked up on arrival, §4) is told the account is not active yet and linked to the
 * activation flow (/activate). Closing it hides it for this window.
 */
export function ActivationPrompt() {
  const partner = usePartner();
  const location = useLocation();
  const arrival = useArrivalVisitor();
  const fields = useContentPage('tier_1_activation')[0]?.fields ?? {};
  const [closed, setClosed] = useState(closedFor);
  const due = activationPromptFor({
    partner,
    pathname: location.pathname,
    member: arrival.member,
    visitor: arrival.visitor,
    visitorStatus: arrival.status,
  });
  // A signed-in member awaiting activation: their newest dines say by when activating still pays them.
  const awaiting = arrival.member?.tierLevel === TIER_LEVELS.NonActivated;
  const history = useQuery({ ...transactionsQueryOptions(1), enabled: awaiting && Boolean(due) });
  // Due by its own rule; the interruption queue says whether it may show now.
  const show = useInterruption('activation', Boolean(due) && closed !== due?.publicId);
  if (!due || closed === due.publicId || !show) return null;

  const title = str(fields.title) || `Activate your ${programName(partner)} account`;
  const close = () => {
    try {
      sessionStorage.setItem(ACTIVATION_PROMPT_CLOSED_KEY, due.publicId);
    } catch {
      /* storage blocked: closed for this page only */
    }
    setClosed(due.publicId);
  };

  return (
    <section className={styles.prompt} aria-label="Activate your account">
      <div className={`container ${styles.inner}`}>
        <p className={styles.text}>
          <strong className={styles.title}>{title}</strong>
          Your account is not active yet.{' '}
          {awaiting
            ? activateByLine(history.data?.data ?? [], partner.copyStates.currencyPlural)
            : `Activate it to start earning ${partner.copyStates.currencyPlural} when you dine.`}
        </p>
        <div className={styles.actions}>
          <LinkButton to={activationHref(due.publicId)}>Activate now</LinkButton>
          <button type="button" className={styles.close} aria-label="Close the activation reminder" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </div>
    </section>
  );
}
