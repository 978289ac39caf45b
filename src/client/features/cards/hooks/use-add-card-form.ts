import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { paths } from '#shared/routes';
import { useNavigate } from '#client/lib/router';
import { useMember } from '../../session';
import { useAddCards, type AddCardsOutcome, type Card, type CreditCardInput } from '../api';
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

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [optIn, setOptIn] = useState(false);
  const [terms, setTerms] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'securing' | 'verifying' | 'submitting'>('idle');
  const [result, setResult] = useState<AddCardResult | null>(null);
  /** The cards of a submission the server asked about (a card earns in another programme): sent again with confirmMove on 'Move it here'. */
  const [moveNotice, setMoveNotice] = useState<{ notices: string[]; creditCards: CreditCardInput[] } | null>(null);
  // A move notice about a typed card no longer stands once the frame's number changes.
  const frame = useFrameCard(() => setMoveNotice((notice) => (notice && notice.creditCards.some((c) => 'encryptedCardNumber' in c) ? null : notice)));
  const { typed, problem: frameProblem, key: frameKey, onCard: onFrameCard, onPending: onFramePending } = frame;

  const refs = useFormRefs();
  const { frameRef, firstPartnerRef, optInRef, termsRef, bannerRef, noticeRef } = refs;

  const selectable = selectablePartnerCards(partnerCards, linkedCards);
  const chosen = selectable.filter((c) => selected.has(c.id));
  const selection = selectionState({ selectedCount: chosen.length, hasManualCard: typed.card !== null, linkedCount: linkedCards.length });
  const busy = status !== 'idle';

  const cardMissing = submitted && selection.count === 0 && !typed.pending;
  // A number the frame found wrong is explained in the frame (focus lands on it); ours is for an empty one.
  const cardError = cardMissing && !frameProblem ? (selectable.length > 0 ? CARD_OR_PARTNER_REQUIRED : CARD_REQUIRED) : null;

  useFocusWhenShown(result, bannerRef);
  useFocusWhenShown(moveNotice, noticeRef);

  const toggle = (card: Card, on: boolean) => setSelected((prev) => toggled(prev, card.id, on));

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
    frame.renew();
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

  const exclusive = useExclusive();

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
      frame.renew();
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
    await submit(creditCardsOf(chosen, card), false);
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

    showOutcome(outcome, {
      showSuccess,
      firstCard: member?.memberType !== 'EnrolledCardMember' && linkedCards.length === 0,
      setResult,
      toSignIn: () => navigate(paths.login()),
      startAgain: (summary) => {
        storeRegistration(summary.linked);
        clearCards();
      },
      onLinked,
    });
  };

  return {
    refs,
    selectable, selected, selection, toggle, busy, status, result, frameKey, onFrameCard, onFramePending, cardError, cardMissing,
    move: { notices: moveNotice?.notices ?? null, confirm: confirmMove, cancel: cancelMove },
    optIn: { checked: optIn, set: setOptIn, error: submitted && !optIn ? OPT_IN_REQUIRED : null },
    terms: { checked: terms, set: setTerms, error: submitted && !terms ? TERMS_REQUIRED : null },
    onSubmit,
  };
}

/** §5: only cards with their last four go out: partner cards by id, the manual card encrypted. */
function creditCardsOf(chosen: Card[], card: ManualCard | null): CreditCardInput[] {
  return [
    ...chosen.map((c) => ({ cardId: partnerCardId(c) })),
    ...(card ? [{ encryptedCardNumber: card.encryptedCardNumber, lastFour: card.lastFour, cardType: card.cardType }] : []),
  ];
}

/** The form's parts that focus moves to. */
function useFormRefs() {
  return {
    frameRef: useRef<CardFrameHandle>(null),
    firstPartnerRef: useRef<HTMLInputElement>(null),
    optInRef: useRef<HTMLInputElement>(null),
    termsRef: useRef<HTMLInputElement>(null),
    bannerRef: useRef<HTMLDivElement>(null),
    noticeRef: useRef<HTMLDivElement>(null),
  };
}

/**
 * The secure frame's card: the number typed in it (a card, nothing, or one on its way), what the
 * frame said is wrong with it (it shows that itself; null when it is empty or fine), and the key of
 * the frame shown (a new key: a fresh frame). `onNumberChange` runs when the number changes.
 */
function useFrameCard(onNumberChange: () => void) {
  const typed = useTypedCard();
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  return {
    typed,
    problem,
    key,
    onCard: (card: ManualCard | null, reported?: string) => {
      if (card !== typed.card) onNumberChange();
      typed.set(card);
      setProblem(card || !reported || reported === CARD_REQUIRED ? null : reported);
    },
    /** The frame is encrypting a valid number: a card it gave before no longer stands, and the new one is on its way. */
    onPending: () => {
      onNumberChange();
      typed.startPending();
      setProblem(null);
    },
    /** A fresh, empty frame. */
    renew: () => {
      typed.reset();
      setProblem(null);
      setKey((k) => k + 1);
    },
  };
}

function toggled(ids: ReadonlySet<number>, id: number, on: boolean): ReadonlySet<number> {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** One submit at a time, whatever the render in hand says (set at once, before the status renders: a second click does nothing). */
function useExclusive() {
  const submitting = useRef(false);
  return async (run: () => Promise<void>) => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      await run();
    } finally {
      submitting.current = false;
    }
  };
}

/** Focus moves to a banner when it appears. */
function useFocusWhenShown(shown: unknown, ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, ref]);
}

type OutcomeSteps = {
  showSuccess: boolean;
  firstCard: boolean;
  setResult: (result: AddCardResult) => void;
  toSignIn: () => void;
  /** At least one card was linked: the form starts again (then the page is told, onLinked). */
  startAgain: (summary: RegistrationSummary) => void;
  onLinked?: (result: CardsLinked) => void;
};

/** What the form shows for the server's answer (a move notice is kept by the caller). */
function showOutcome(outcome: AddCardsOutcome, { showSuccess, firstCard, setResult, toSignIn, startAgain, onLinked }: OutcomeSteps) {
  switch (outcome.kind) {
    case 'moveNotice':
      return;
    case 'unauthorized':
      toSignIn();
      return;
    case 'registered': {
      const summary = summariseRegistration(outcome.registration);
      if (summary.linked.length > 0) startAgain(summary);
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
}

export type AddCardFormState = ReturnType<typeof useAddCardForm>;
