import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '#client/lib/router';
import type { RedemptionOption } from '#shared/constants/redemptions';
import { paths } from '#shared/routes';
import type { RedemptionOptionsResponse, RedemptionRequest } from '../api';
import { newRedeemAttempt, useRedeem, type RedeemAttempt } from '../mutations';
import { amountText } from '../format';
import { FIELD_ORDER, failureOf, redeemRequest, toFieldErrors, type RedeemFailure, type RedeemValues } from './redeem-request';

/**
 * The Redeem form's state: the fields (checked by the shared rules), the step (choosing, or
 * confirming a redemption), and sending it with an Idempotency-Key that a retry sends again.
 * Focus goes to each step's heading as it opens, to the first field wrong, and to a failure's
 * banner; a redemption made opens its own page.
 */
export function useRedeemForm(data: RedemptionOptionsResponse) {
  const navigate = useNavigate();
  const redeem = useRedeem();
  /** The redemption being confirmed (step 2), as it was when the member went on: a balance asked again meanwhile changes nothing in it. */
  const [confirming, setConfirming] = useState<RedemptionRequest | null>(null);
  const [failure, setFailure] = useState<RedeemFailure | null>(null);
  const attempt = useRef<RedeemAttempt | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const stepChanged = useRef(false);
  const onlyCard = data.cards.length === 1 ? String(data.cards[0]!.cardId) : '';

  const { control, register, handleSubmit, setValue, trigger, getValues, formState: { errors, isSubmitted, touchedFields } } = useForm<RedeemValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: { option: '', cardId: onlyCard, amount: '' },
    resolver: (values) => {
      const checked = redeemRequest(values, data);
      return checked.body ? { values, errors: {} } : { values: {}, errors: toFieldErrors(checked.errors) };
    },
  });
  const chosen = useWatch({ control, name: 'option' });
  const option = data.options.find((o) => o.option === chosen);

  const step = confirming ? 'confirm' : 'choose';
  // Each step's heading takes focus when the step opens (not when the page first shows the form).
  useEffect(() => {
    if (!stepChanged.current) return;
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: RedemptionRequest | null) => {
    stepChanged.current = true;
    setFailure(null);
    setConfirming(next);
  };

  const focusFirst = (errs: Partial<Record<keyof RedeemValues, unknown>>) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    const form = formRef.current;
    if (!first || !form) return;
    // A radio group is entered at its chosen radio, else at its first one open to choose.
    const target = first === 'option'
      ? form.querySelector<HTMLElement>('input[name="option"]:checked') ?? form.querySelector<HTMLElement>('input[name="option"]:not(:disabled)')
      : form.querySelector<HTMLElement>(`[name="${first}"]`);
    target?.focus();
  };

  const onContinue = (e: FormEvent<HTMLFormElement>) => {
    void handleSubmit((values) => goTo(redeemRequest(values, data).body ?? null), focusFirst)(e);
  };

  const onOptionChange = (next: RedemptionOption) => {
    setValue('option', next, { shouldValidate: isSubmitted });
    // Another option has other limits: an amount already checked is checked again.
    if (getValues('amount') && (isSubmitted || touchedFields.amount)) void trigger('amount');
  };

  const fillWholeBalance = () => {
    const max = option?.maxCents ?? Math.max(...data.options.map((o) => o.maxCents));
    setValue('amount', amountText(Math.max(0, Math.min(data.balanceCents, max))), { shouldValidate: true, shouldTouch: true });
  };

  const confirm = (body: RedemptionRequest) => {
    if (redeem.isPending) return;
    // A retry of this attempt sends its key again; a new attempt (after a change, or a refusal) has a new one.
    attempt.current ??= newRedeemAttempt(body);
    setFailure(null);
    redeem.mutate(attempt.current, {
      onSuccess: (redemption) => {
        attempt.current = null;
        void navigate(paths.account.redemption(redemption.redemptionId), { state: { redeemed: true } });
      },
      onError: (error) => {
        const found = failureOf(error);
        if (!found.retry) attempt.current = null;
        setFailure(found);
        requestAnimationFrame(() => bannerRef.current?.focus());
      },
    });
  };

  const change = () => {
    attempt.current = null;
    goTo(null);
  };

  return {
    control, register, errors, option, confirming, failure, pending: redeem.isPending,
    headingRef, bannerRef, formRef, onContinue, onOptionChange, fillWholeBalance, confirm, change,
  };
}
