import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { usePartner } from '../../../lib/partner';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormBanner } from '../../../components/form-banner';
import { SmartLink } from '../../../components/smart-link';
import { Spinner } from '../../../components/spinner';
import { REQUIRED_MARKER } from '../../../components/text-field';
import { useFooterContent } from '../../../app/chrome/chrome-content';
import { MEMBER_QUERY_KEY, useMember } from '../../session/api';
import { CARD_OPT_IN_REQUIRED, CARD_TERMS_REQUIRED } from '../../../../shared/constants/card';
import { addCards, CARDS_QUERY_KEY, cardsQueryOptions, partnerCardsQueryOptions, type Card, type CreditCardInput } from '../api';
import { failedCardLine, RESULT_TITLES, storeRegistration, summariseRegistration, type RegistrationSummary } from '../card-results';
import { partnerCardId, selectablePartnerCards, selectionState } from '../card-selection';
import type { ManualCard } from '../card-frame-messages';
import { CAPTCHA_NOT_READY, CAPTCHA_REQUIRED, useInvisibleCaptcha } from '../captcha/use-captcha';
import { BrandLogo } from './brand-logo';
import { CardFrame, type CardFrameHandle } from './card-frame';
import styles from './add-card-form.module.css';

/** §5 / §8 wording. */
export const CARD_REQUIRED = 'Please enter your credit card number.';
export const CARD_OR_PARTNER_REQUIRED = 'Please choose one of your cards or enter your credit card number.';
/** The server refuses a submission without them with the same words (shared schema). */
export const OPT_IN_REQUIRED = CARD_OPT_IN_REQUIRED;
export const TERMS_REQUIRED = CARD_TERMS_REQUIRED;
export const ADD_CARD_FAILED = 'We could not link your card just now. Please try again later.';
export const VERIFYING_TEXT = 'Checking that you are a person…';
export const LINKING_TEXT = 'Linking your card…';

export type CardsLinked = {
  summary: RegistrationSummary;
  /** The member had no linked card before (they have just become a card member, §3). */
  firstCard: boolean;
};

type AddCardFormProps = {
  /** Accessible name of the form. */
  label?: string;
  submitLabel?: string;
  /** Beside the submit button: 'No thanks', 'Cancel' … */
  secondaryAction?: ReactNode;
  /** After at least one card was linked (full or partial success); the card list and member are being fetched again. */
  onLinked?: (result: CardsLinked) => void;
  /** Show the result banner after a full success (pages that move on at once turn it off). */
  showSuccess?: boolean;
};

type Result = { kind: 'summary'; summary: RegistrationSummary } | { kind: 'error'; messages: string[] };

/**
 * §2 add-card form: the partner's cards to choose from (where the partner loads them), the
 * secure card-entry frame, the direct-file-feed opt-in and terms (both required) and the
 * invisible captcha, which runs on the first submit (§4 form submit).
 */
export function AddCardForm(props: AddCardFormProps) {
  const partner = usePartner();
  const cards = useQuery(cardsQueryOptions());
  const partnerCards = useQuery(partnerCardsQueryOptions(partner.hasPartnerLoadedCards));
  // Wait for the lists that decide what the form asks (partner cards make the number optional).
  if (cards.isPending || (partner.hasPartnerLoadedCards && partnerCards.isPending)) {
    return <Spinner label="Loading your cards" block />;
  }
  return <AddCardFormBody {...props} linkedCards={cards.data ?? []} partnerCards={partnerCards.data ?? []} />;
}

function AddCardFormBody({ label = 'Link a card', submitLabel = 'Link card', secondaryAction, onLinked, showSuccess = true, linkedCards, partnerCards }: AddCardFormProps & { linkedCards: Card[]; partnerCards: Card[] }) {
  const partner = usePartner();
  const { member } = useMember();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const captcha = useInvisibleCaptcha();
  const footer = useFooterContent();
  const program = partner.copyStates.programName1 || partner.name;

  const [manualCard, setManualCard] = useState<ManualCard | null>(null);
  /** What the frame said is wrong with a number typed in it (it shows that itself); null when it is empty or fine. */
  const [frameProblem, setFrameProblem] = useState<string | null>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [optIn, setOptIn] = useState(false);
  const [terms, setTerms] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'verifying' | 'submitting'>('idle');
  const [result, setResult] = useState<Result | null>(null);

  const frameRef = useRef<CardFrameHandle>(null);
  const firstPartnerRef = useRef<HTMLInputElement>(null);
  const optInRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const partnerLegendId = useId();
  const warningId = useId();

  const selectable = selectablePartnerCards(partnerCards, linkedCards);
  const chosen = selectable.filter((c) => selected.has(c.id));
  const selection = selectionState({ selectedCount: chosen.length, hasManualCard: manualCard !== null, linkedCount: linkedCards.length });
  const busy = status !== 'idle';

  const cardMissing = submitted && selection.count === 0;
  // A number the frame found wrong is explained in the frame (focus lands on it); ours is for an empty one.
  const cardError = cardMissing && !frameProblem ? (selectable.length > 0 ? CARD_OR_PARTNER_REQUIRED : CARD_REQUIRED) : null;
  const optInError = submitted && !optIn ? OPT_IN_REQUIRED : null;
  const termsError = submitted && !terms ? TERMS_REQUIRED : null;
  const termsLink = [...footer.secondaryLinks, ...footer.primaryLinks].find((l) => /terms/i.test(l.text));

  useEffect(() => {
    if (result) bannerRef.current?.focus();
  }, [result]);

  const onFrameCard = (card: ManualCard | null, problem?: string) => {
    setManualCard(card);
    setFrameProblem(card || !problem || problem === CARD_REQUIRED ? null : problem);
  };

  const toggle = (card: Card, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(card.id);
      else next.delete(card.id);
      return next;
    });

  const focusFirstProblem = () => {
    if (selection.count === 0) {
      if (selectable.length > 0) firstPartnerRef.current?.focus();
      else frameRef.current?.focus();
    } else if (!optIn) optInRef.current?.focus();
    else if (!terms) termsRef.current?.focus();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    // §4: a submit clears the previous results.
    setResult(null);
    setSubmitted(true);
    if (selection.count === 0 || !optIn || !terms) {
      focusFirstProblem();
      return;
    }
    if (selection.over) {
      setResult({ kind: 'error', messages: [selection.warning] });
      return;
    }
    // §5: only cards with their last four go out: partner cards by id, the manual card encrypted.
    const creditCards: CreditCardInput[] = [
      ...chosen.map((c) => ({ cardId: partnerCardId(c) })),
      ...(manualCard ? [{ encryptedCardNumber: manualCard.encryptedCardNumber, lastFour: manualCard.lastFour, cardType: manualCard.cardType }] : []),
    ];

    setStatus('verifying');
    let gRecaptchaResponse: string;
    try {
      gRecaptchaResponse = await captcha.execute();
    } catch (err) {
      captcha.reset();
      setStatus('idle');
      setResult({ kind: 'error', messages: [err instanceof Error && err.message ? err.message : CAPTCHA_NOT_READY] });
      return;
    }

    setStatus('submitting');
    // The acceptance the person gave on this page (both boxes are ticked to get here); the server checks it again.
    const outcome = await addCards({ creditCards, directFileFeedOptIn: optIn, termsAccepted: terms, gRecaptchaResponse });
    // Each solution is accepted once; the next submit solves a new challenge.
    captcha.reset();

    switch (outcome.kind) {
      case 'unauthorized':
        setStatus('idle');
        navigate('/login');
        return;
      case 'registered': {
        const summary = summariseRegistration(outcome.registration);
        const firstCard = member?.memberType !== 'EnrolledCardMember' && linkedCards.length === 0;
        if (summary.linked.length > 0) {
          storeRegistration(summary.linked);
          // §4: the card list is fetched again; a first card makes a card member (§3), and the top
          // bar and page body follow the member query. Not awaited: the page may move on meanwhile.
          void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY, exact: true });
          void queryClient.refetchQueries({ queryKey: MEMBER_QUERY_KEY, exact: true });
          setSelected(new Set());
          setManualCard(null);
          setFrameProblem(null);
          setFrameKey((k) => k + 1);
          setSubmitted(false);
        }
        setStatus('idle');
        if (summary.kind !== 'success' || showSuccess) setResult({ kind: 'summary', summary });
        if (summary.linked.length > 0) onLinked?.({ summary, firstCard });
        return;
      }
      case 'allFailed':
        setStatus('idle');
        setResult({ kind: 'summary', summary: summariseRegistration(outcome.registration) });
        return;
      case 'invalid': {
        setStatus('idle');
        const messages = outcome.fieldErrors.length > 0
          ? outcome.fieldErrors.map((f) => (f.field === 'gRecaptchaResponse' ? CAPTCHA_REQUIRED : f.message))
          : [outcome.message || ADD_CARD_FAILED];
        setResult({ kind: 'error', messages: [...new Set(messages)] });
        return;
      }
      case 'failed':
        setStatus('idle');
        setResult({ kind: 'error', messages: [ADD_CARD_FAILED] });
        return;
    }
  };

  return (
    <form className={styles.form} noValidate aria-label={label} aria-busy={busy || undefined} onSubmit={(e) => void onSubmit(e)}>
      {result && <ResultBanner result={result} bannerRef={bannerRef} />}

      {selectable.length > 0 && (
        <fieldset className={styles.fieldset} aria-describedby={selection.atMax ? warningId : undefined}>
          <legend id={partnerLegendId} className={styles.legend}>
            Your cards on file with {partner.copyStates.partnerName1 || partner.name}
          </legend>
          <p className={styles.hint}>Choose the cards you want to link, or enter another card below.</p>
          <ul className={styles.partnerCards}>
            {selectable.map((card, i) => {
              const checked = selected.has(card.id);
              return (
                <li key={card.id}>
                  <CheckboxField
                    ref={i === 0 ? firstPartnerRef : undefined}
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
      )}

      <div className={styles.manual}>
        {selectable.length > 0 && <h3 className={styles.legend}>Or enter another card</h3>}
        <CardFrame key={frameKey} ref={frameRef} onCard={onFrameCard} error={cardError} invalid={cardMissing} optional={selectable.length > 0} />
      </div>

      <CheckboxField
        ref={optInRef}
        name="directFileFeedOptIn"
        checked={optIn}
        disabled={busy}
        onChange={(e) => setOptIn(e.target.checked)}
        aria-required
        error={optInError}
        label={
          <>
            I allow my card network to share the transactions I make with my linked cards with {program}, so my dines can be matched and
            rewarded.
            <span className={styles.required}>{REQUIRED_MARKER}</span>
          </>
        }
      />
      <CheckboxField
        ref={termsRef}
        name="termsAccepted"
        checked={terms}
        disabled={busy}
        onChange={(e) => setTerms(e.target.checked)}
        aria-required
        error={termsError}
        label={
          <>
            I have read and agree to the {program} terms and conditions.
            <span className={styles.required}>{REQUIRED_MARKER}</span>
          </>
        }
        description={
          termsLink ? (
            <SmartLink href={termsLink.url} newTab={termsLink.new_tab}>
              {termsLink.text}
            </SmartLink>
          ) : undefined
        }
      />

      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {secondaryAction}
        {/* The invisible check and the call take a moment; say what is happening. */}
        <p role="status" className={styles.progress}>
          {status === 'verifying' ? VERIFYING_TEXT : status === 'submitting' ? LINKING_TEXT : ''}
        </p>
      </div>
    </form>
  );
}

function ResultBanner({ result, bannerRef }: { result: Result; bannerRef: RefObject<HTMLDivElement | null> }) {
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
