import { useId, type ReactNode, type RefObject } from 'react';
import { programName } from '#shared/rules/partner-features';
import { usePartner } from '#client/lib/partner';
import { CheckboxField } from '#client/components/checkbox-field';
import { FormBanner } from '#client/components/form-banner';
import { SmartLink } from '#client/components/smart-link';
import { REQUIRED_MARKER } from '#client/components/text-field';
import { useFooterContent } from '../../content';
import { failedCardLine, RESULT_TITLES } from '../card-results';
import type { AddCardFormState, AddCardResult } from '../hooks/use-add-card-form';
import { BrandLogo } from './brand-logo';
import styles from './add-card-form.module.css';

/** §5 the partner's cards on file to choose from, disabled past the maximum with its warning. */
export function PartnerCardPicker({ state }: { state: AddCardFormState }) {
  const partner = usePartner();
  const legendId = useId();
  const warningId = useId();
  const { selectable, selected, selection, busy, toggle } = state;
  return (
    <fieldset className={styles.fieldset} aria-describedby={selection.atMax ? warningId : undefined}>
      <legend id={legendId} className={styles.legend}>
        Your cards on file with {partner.copyStates.partnerName1 || partner.name}
      </legend>
      <p className={styles.hint}>Choose the cards you want to link, or enter another card below.</p>
      <ul className={styles.partnerCards}>
        {selectable.map((card, i) => {
          const checked = selected.has(card.id);
          return (
            <li key={card.id}>
              <CheckboxField
                ref={i === 0 ? state.refs.firstPartnerRef : undefined}
                name="partnerCard"
                value={String(card.id)}
                checked={checked}
                disabled={busy || (!checked && selection.atMax)}
                onChange={(e) => toggle(card, e.target.checked)}
                label={
                  <span className={styles.cardLabel}>
                    <BrandLogo brand={card.cardType} decorative />
                    <span>
                      {card.description} ending in {card.lastFour}
                    </span>
                  </span>
                }
              />
            </li>
          );
        })}
      </ul>
      {/* §5: the warning shows when the selection reaches the maximum; a live region read when it appears. */}
      <p id={warningId} role="status" className={selection.atMax ? styles.warning : styles.warningEmpty}>
        {selection.atMax ? selection.warning : ''}
      </p>
    </fieldset>
  );
}

type Box = AddCardFormState['optIn'];

/** A box the submission needs ticked: its error after a submit, disabled while the call runs. */
function RequiredBox({ box, boxRef, name, busy, label, description }: { box: Box; boxRef: RefObject<HTMLInputElement | null>; name: string; busy: boolean; label: ReactNode; description?: ReactNode }) {
  return (
    <CheckboxField
      ref={boxRef}
      name={name}
      checked={box.checked}
      disabled={busy}
      onChange={(e) => box.set(e.target.checked)}
      aria-required
      error={box.error}
      label={
        <>
          {label}
          <span className={styles.required}>{REQUIRED_MARKER}</span>
        </>
      }
      description={description}
    />
  );
}

/** The two required boxes: the direct-file-feed opt-in and the terms (with the footer's terms link). */
export function CardConsents({ state }: { state: AddCardFormState }) {
  const partner = usePartner();
  const footer = useFooterContent();
  const program = programName(partner);
  const termsLink = [...footer.secondaryLinks, ...footer.primaryLinks].find((l) => /terms/i.test(l.text));
  const { optIn, terms, busy, refs } = state;
  return (
    <>
      <RequiredBox
        box={optIn}
        boxRef={refs.optInRef}
        name="directFileFeedOptIn"
        busy={busy}
        label={`I allow my card network to share the transactions I make with my linked cards with ${program}, so my dines can be matched and rewarded.`}
      />
      <RequiredBox
        box={terms}
        boxRef={refs.termsRef}
        name="termsAccepted"
        busy={busy}
        label={`I have read and agree to the ${program} terms and conditions.`}
        description={
          termsLink ? (
            <SmartLink href={termsLink.url} newTab={termsLink.new_tab}>
              {termsLink.text}
            </SmartLink>
          ) : undefined
        }
      />
    </>
  );
}

/** §8 outcome of a submission: linked, partly linked (which card failed and why), or the errors. */
export function ResultBanner({ result, bannerRef }: { result: AddCardResult; bannerRef: RefObject<HTMLDivElement | null> }) {
  if (result.kind === 'error') {
    return (
      <FormBanner ref={bannerRef}>
        {result.messages.length === 1 ? <p>{result.messages[0]}</p> : (
          <ul>
            {result.messages.map((m) => <li key={m}>{m}</li>)}
          </ul>
        )}
      </FormBanner>
    );
  }
  const { summary } = result;
  if (summary.kind === 'success') {
    return (
      <FormBanner ref={bannerRef} kind="success">
        <p>{RESULT_TITLES.success(summary.linked)}</p>
      </FormBanner>
    );
  }
  return (
    <FormBanner ref={bannerRef} kind="error">
      <p>{summary.kind === 'partial' ? RESULT_TITLES.partial : RESULT_TITLES.failed(summary.failed.length)}</p>
      {summary.kind === 'partial' && <p>{RESULT_TITLES.success(summary.linked)}</p>}
      <ul className={styles.failedList}>
        {summary.failed.map((entry, i) => (
          <li key={`${entry.memberCard.lastFour}-${i}`}>{failedCardLine(entry)}</li>
        ))}
      </ul>
    </FormBanner>
  );
}
