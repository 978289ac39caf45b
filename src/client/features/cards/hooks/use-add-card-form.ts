import { useEffect, useRef, useState, type FormEvent } from 'react';
import { paths } from '#shared/routes';
import { useNavigate } from 'react-router';
import { useMember } from '../../session';
import { useAddCards, type Card, type CreditCardInput } from '../api';
import { storeRegistration, summariseRegistration, type RegistrationSummary } from '../card-results';
import type { ManualCard } from '../card-frame-messages';
import { partnerCardId, selectablePartnerCards, selectionState } from '../card-selection';
import { CAPTCHA_NOT_READY, CAPTCHA_REQUIRED, useInvisibleCaptcha } from '../captcha/use-captcha';
import { useTypedCard } from './use-typed-card';
import type { CardFrameHandle } from '../components/card-frame';
import { ADD_CARD_FAILED, CARD_OR_PARTNER_REQUIRED, CARD_REQUIRED, OPT_IN_REQUIRED, SECURING_FAILED, TERMS_REQUIRED } from '../messages';

export type CardsLinked = {
  summary: RegistrationSummary;
  /** The member had no linked card before (they have just become a card member, §3). */
  firstCard: boolean;
};

export type AddCardResult = { kind: 'summary'; summary: RegistrationSummary } | { kind: 'error'; messages: string[] };

type Options = {
  linkedCards: Card[];
  partnerCards: Card[];
  /** After at least one card was linked (full or partial success); the card list and member are being fetched again. */
  onLinked?: (result: CardsLinked) => void;
  /** Show the result banner after a full success (pages that move on at once turn it off). */
  showSuccess: boolean;
};

/**
 * The add-card form's state (§4, §5): the chosen partner cards and the card typed in the secure
 * frame, the two required boxes, the invisible captcha solved on submit, and the outcome.
 */
export function useAddCardForm({ linkedCards, partnerCards, onLinked, showSuccess }: Options) {
  const { member } = useMember();
  const navigate = useNavigate();
  const captcha = useInvisibleCaptcha();
  const addCards = useAddCards();

  /** The number typed in the frame: a card, nothing, or one on its way. */
  const typed = useTypedCard();
  /** What the frame said is wrong with a number typed in it (it shows that itself); null when it is empty or fine. */
  const [frameProblem, setFrameProblem] = useState<string | null>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [optIn, setOptIn] = useState(false);
  const [terms, setTerms] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'securing' | 'verifying' | 'submitting'>('idle');
  const [result, setResult] = useState<AddCardResult | null>(null);
  /** The cards of a submission the server asked about (a card earns in another programme): sent again with confirmMove on 'Move it here'. */
  const [moveNotice, setMoveNotice] = useState<{ notices: string[]; creditCards: CreditCardInput[] } | null>(null);

  /** A submit is under way (set at once, before the status renders: a second click does nothing). */
  const submitting = useRef(false);

  const frameRef = useRef<CardFrameHandle>(null);
  const firstPartnerRef = useRef<HTMLInputElement>(null);
  const optInRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const selectable = selectablePartnerCards(partnerCards, linkedCards);
  const chosen = selectable.filter((c) => selected.has(c.id));
  const selection = selectionState({ selectedCount: chosen.length, hasManualCard: typed.card !== null, linkedCount: linkedCards.length });
  const busy = status !== 'idle';

  const cardMissing = submitted && selection.count === 0 && !typed.pending;
  // A number the frame found wrong is explained in the frame (focus lands on it); ours is for an empty one.
  const cardError = cardMissing && !frameProblem ? (selectable.length > 0 ? CARD_OR_PARTNER_REQUIRED : CARD_REQUIRED) : null;

  useEffect(() => {
    if (result) bannerRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (moveNotice) noticeRef.current?.focus();
  }, [moveNotice]);

  /** A move notice about a typed card no longer stands once the frame's number changes. */
  const dropTypedMoveNotice = () =>
    setMoveNotice((notice) => (notice && notice.creditCards.some((c) => 'encryptedCardNumber' in c) ? null : notice));

  const onFrameCard = (card: ManualCard | null, problem?: string) => {
    if (card !== typed.card) dropTypedMoveNotice();
    typed.set(card);
    setFrameProblem(card || !problem || problem === CARD_REQUIRED ? null : problem);
  };

  /** The frame is encrypting a valid number: a card it gave before no longer stands, and the new one is on its way. */
  const onFramePending = () => {
    dropTypedMoveNotice();
    typed.startPending();
    setFrameProblem(null);
  };

  const toggle = (card: Card, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(card.id);
      else next.delete(card.id);
      return next;
    });

  const focusFirstProblem = (count = selection.count) => {
    if (count === 0) {
      if (selectable.length > 0) firstPartnerRef.current?.focus();
      else frameRef.current?.focus();
    } else if (!optIn) optInRef.current?.focus();
    else if (!terms) termsRef.current?.focus();
  };

  /** After a link: the form starts again empty (a new frame, nothing chosen). */
  const clearCards = () => {
    setSelected(new Set());
    typed.set(null);
    setFrameProblem(null);
    setFrameKey((k) => k + 1);
    setSubmitted(false);
  };

  /** §4 invisible captcha: the solution, or null with the reason shown. */
  const solveCaptcha = async (): Promise<string | null> => {
    setStatus('verifying');
    try {
      return await captcha.execute();
    } catch (err) {
      captcha.reset();
      setStatus('idle');
      setResult({ kind: 'error', messages: [err instanceof Error && err.message ? err.message : CAPTCHA_NOT_READY] });
      return null;
    }
  };

  /** One submit at a time, whatever the render in hand says. */
  const exclusive = async (run: () => Promise<void>) => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      await run();
    } finally {
      submitting.current = false;
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    return exclusive(() => submitForm());
  };

  const submitForm = async () => {
    // §4: a submit clears the previous results.
    setResult(null);
    setMoveNotice(null);
    const card = await typed.settled(() => setStatus('securing'));
    if (card === 'gone') return;
    setStatus('idle');
    if (card === 'timeout') {
      // The frame never delivered the number: a fresh frame, and the member is asked to enter it again; nothing is sent.
      typed.set(null);
      setFrameKey((k) => k + 1);
      setResult({ kind: 'error', messages: [SECURING_FAILED] });
      return;
    }
    setSubmitted(true);
    const counted = selectionState({ selectedCount: chosen.length, hasManualCard: card !== null, linkedCount: linkedCards.length });
    if (counted.count === 0 || !optIn || !terms) {
      focusFirstProblem(counted.count);
      return;
    }
    if (counted.over) {
      setResult({ kind: 'error', messages: [counted.warning] });
      return;
    }
    // §5: only cards with their last four go out: partner cards by id, the manual card encrypted.
    const creditCards: CreditCardInput[] = [
      ...chosen.map((c) => ({ cardId: partnerCardId(c) })),
      ...(card ? [{ encryptedCardNumber: card.encryptedCardNumber, lastFour: card.lastFour, cardType: card.cardType }] : []),
    ];
    await submit(creditCards, false);
  };

  /** The member chose to move the cards the notice named: the same submission again, confirmed. */
  const confirmMove = () => exclusive(async () => {
    if (!moveNotice) return;
    setResult(null);
    await submit(moveNotice.creditCards, true);
  });
  /** The member keeps the card where it earns: nothing is sent, the form stays as it was. */
  const cancelMove = () => {
    setMoveNotice(null);
    frameRef.current?.focus();
  };

  const submit = async (creditCards: CreditCardInput[], move: boolean) => {
    // The boxes may have been unticked while the notice was shown.
    if (!optIn || !terms) {
      setSubmitted(true);
      focusFirstProblem();
      return;
    }
    const gRecaptchaResponse = await solveCaptcha();
    if (gRecaptchaResponse === null) return;

    setStatus('submitting');
    // The acceptance the person gave on this page (both boxes are ticked to get here); the server checks it again.
    const outcome = await addCards.mutateAsync({ creditCards, directFileFeedOptIn: optIn, termsAccepted: terms, gRecaptchaResponse, ...(move ? { confirmMove: true } : {}) });
    // Each solution is accepted once; the next submit solves a new challenge.
    captcha.reset();
    setStatus('idle');
    setMoveNotice(outcome.kind === 'moveNotice' ? { notices: outcome.notices, creditCards } : null);

    switch (outcome.kind) {
      case 'moveNotice':
        return;
      case 'unauthorized':
        navigate(paths.login());
        return;
      case 'registered': {
        const summary = summariseRegistration(outcome.registration);
        const firstCard = member?.memberType !== 'EnrolledCardMember' && linkedCards.length === 0;
        if (summary.linked.length > 0) {
          storeRegistration(summary.linked);
          clearCards();
        }
        if (summary.kind !== 'success' || showSuccess) setResult({ kind: 'summary', summary });
        if (summary.linked.length > 0) onLinked?.({ summary, firstCard });
        return;
      }
      case 'allFailed':
        setResult({ kind: 'summary', summary: summariseRegistration(outcome.registration) });
        return;
      case 'invalid': {
        const messages = outcome.fieldErrors.length > 0
          ? outcome.fieldErrors.map((f) => (f.field === 'gRecaptchaResponse' ? CAPTCHA_REQUIRED : f.message))
          : [outcome.message || ADD_CARD_FAILED];
        setResult({ kind: 'error', messages: [...new Set(messages)] });
        return;
      }
      case 'failed':
        setResult({ kind: 'error', messages: [ADD_CARD_FAILED] });
        return;
    }
  };

  return {
    refs: { frameRef, firstPartnerRef, optInRef, termsRef, bannerRef, noticeRef },
    selectable, selected, selection, toggle, busy, status, result, frameKey, onFrameCard, onFramePending, cardError, cardMissing,
    move: { notices: moveNotice?.notices ?? null, confirm: confirmMove, cancel: cancelMove },
    optIn: { checked: optIn, set: setOptIn, error: submitted && !optIn ? OPT_IN_REQUIRED : null },
    terms: { checked: terms, set: setTerms, error: submitted && !terms ? TERMS_REQUIRED : null },
    onSubmit,
  };
}

export type AddCardFormState = ReturnType<typeof useAddCardForm>;
