import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { RedemptionOption } from '#shared/constants/redemptions';
import { paths } from '#shared/routes';
import { Button } from '#client/components/button';
import { FieldErrorSlot } from '#client/components/field-error';
import { FormBanner } from '#client/components/form-banner';
import { SelectField } from '#client/components/select-field';
import { TextField } from '#client/components/text-field';
import { ApiError } from '#client/lib/api';
import { newRedeemAttempt, useRedeem, type RedeemAttempt, type RedemptionOptionsResponse, type RedemptionRequest } from '../api';
import { AMOUNT_FORMAT_MESSAGE, amountError, amountText, centsFromText, feeText, money, termsText } from '../format';
import styles from './redemptions.module.css';

export const CHOOSE_TITLE = 'Choose how to redeem';
export const CONFIRM_TITLE = 'Check and confirm';
export const OPTIONS_LEGEND = 'How would you like your money?';
export const AMOUNT_LABEL = 'Amount in dollars';
export const CARD_LABEL = 'Card for the statement credit';
export const CONTINUE = 'Continue';
export const CHANGE = 'Change';
export const CHOOSE_OPTION_MESSAGE = 'Choose how you would like your money.';
export const CHOOSE_CARD_MESSAGE = 'Choose the linked card the statement credit goes to.';
export const NONE_AVAILABLE = 'None of the ways to redeem is open to you just now: each says why below.';
export const RETRY_MESSAGE = 'We could not hear back from our server, so we do not know yet whether it went through. Try again: it is redeemed once, however often you try.';

/** The button that sends the redemption: 'Redeem $25.00'. */
export const redeemButtonText = (cents: number) => `Redeem ${money(cents)}`;

type Options = RedemptionOptionsResponse;
/** `cardId`: the chosen card's id as the select holds it (text). */
type Values = { option: RedemptionOption | ''; cardId: string; amount: string };
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;
const ORDER: Field[] = ['option', 'cardId', 'amount'];

/** The form's values as the call's body, or what is wrong with them (the shared rules, as the server checks). */
export function redeemRequest(values: Values, data: Options): { errors: Errors; body?: undefined } | { errors?: undefined; body: RedemptionRequest } {
  const errors: Errors = {};
  const option = data.options.find((o) => o.option === values.option && o.unavailableReason === null);
  if (!option) errors.option = CHOOSE_OPTION_MESSAGE;
  const card = option?.delivery === 'Card' ? data.cards.find((c) => String(c.cardId) === values.cardId) : undefined;
  if (option?.delivery === 'Card' && !card) errors.cardId = CHOOSE_CARD_MESSAGE;
  // Without an option only the amount's form can be checked; its limits are the option's.
  const amountProblem = option ? amountError(option.option, values.amount, data.balanceCents) : centsFromText(values.amount) === null ? AMOUNT_FORMAT_MESSAGE : null;
  if (amountProblem) errors.amount = amountProblem;
  const cents = centsFromText(values.amount);
  if (Object.keys(errors).length > 0 || !option || cents === null) return { errors };
  return { body: { option: option.option, amountCents: cents, delivery: option.delivery, ...(card ? { cardId: card.cardId } : {}) } };
}

const toFieldErrors = (errors: Errors): FieldErrors<Values> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'rule', message }])) as FieldErrors<Values>;

type Failure = { message: string; details: string[]; retry: boolean };

/** What the member reads when the server said no (409: balance or a limit; 400: the fields), or did not answer. */
function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { message: error.message, details: error.fieldErrors.map((f) => f.message).filter((m) => m !== error.message), retry: false };
  }
  // No answer, or the server failed: the redemption may exist; the same attempt again is answered with it.
  return { message: RETRY_MESSAGE, details: [], retry: true };
}

/**
 * The Redeem form in two steps: the option (a labelled radio group, each with its terms or why it
 * is not open), the card for a statement credit and the amount; then a confirmation that says
 * again what goes where and when, and sends it with an Idempotency-Key. Focus goes to each step's
 * heading as it opens; a redemption made opens its own page.
 */
export function RedeemForm({ data }: { data: Options }) {
  const uid = useId();
  const navigate = useNavigate();
  const redeem = useRedeem();
  /** The redemption being confirmed (step 2), as it was when the member went on: a balance asked again meanwhile changes nothing in it. */
  const [confirming, setConfirming] = useState<RedemptionRequest | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const attempt = useRef<RedeemAttempt | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const stepChanged = useRef(false);
  const available = data.options.filter((o) => o.unavailableReason === null);
  const onlyCard = data.cards.length === 1 ? String(data.cards[0]!.cardId) : '';

  const { control, register, handleSubmit, setValue, trigger, getValues, formState: { errors, isSubmitted, touchedFields } } = useForm<Values>({
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

  const focusFirst = (errs: Partial<Record<Field, unknown>>) => {
    const first = ORDER.find((f) => errs[f]);
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

  const confirmed = confirming && data.options.find((o) => o.option === confirming.option);
  if (confirming && confirmed) {
    const body = confirming;
    const card = data.cards.find((c) => c.cardId === body.cardId);
    return (
      <section className={styles.section} aria-labelledby={`${uid}-confirm`}>
        <h2 id={`${uid}-confirm`} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
          {CONFIRM_TITLE}
        </h2>
        {failure && (
          <FormBanner ref={bannerRef}>
            <p>{failure.message}</p>
            {failure.details.length > 0 && (
              <ul className={styles.bannerList}>
                {failure.details.map((d) => <li key={d}>{d}</li>)}
              </ul>
            )}
          </FormBanner>
        )}
        <dl className={styles.summary}>
          <div><dt>Amount</dt><dd>{money(body.amountCents)}</dd></div>
          <div><dt>Fee</dt><dd>{confirmed.feeCents > 0 ? `${feeText(confirmed.feeCents)}, taken from the amount` : feeText(0)}</dd></div>
          <div><dt>As</dt><dd>{confirmed.label}</dd></div>
          <div><dt>To</dt><dd>{card ? card.label : data.email.address}</dd></div>
          <div><dt>Arrives</dt><dd>{confirmed.arrives}</dd></div>
        </dl>
        <p className={styles.note}>{money(body.amountCents)} leaves your balance as soon as you confirm. If it cannot be completed, it comes back to your balance.</p>
        <div className={styles.actions}>
          <Button loading={redeem.isPending} onClick={() => confirm(body)}>
            {failure?.retry ? 'Try again' : redeemButtonText(body.amountCents)}
          </Button>
          <Button variant="link" onClick={change} disabled={redeem.isPending}>
            {CHANGE}
          </Button>
        </div>
      </section>
    );
  }

  const legendId = `${uid}-legend`;
  const optionErrorId = `${uid}-option-error`;
  return (
    <section className={styles.section} aria-labelledby={`${uid}-choose`}>
      <h2 id={`${uid}-choose`} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {CHOOSE_TITLE}
      </h2>
      <form ref={formRef} className={styles.form} onSubmit={onContinue} aria-labelledby={`${uid}-choose`} noValidate>
        <Controller
          control={control}
          name="option"
          render={({ field }) => (
            <fieldset
              className={styles.choices}
              role="radiogroup"
              aria-labelledby={legendId}
              aria-describedby={errors.option ? optionErrorId : undefined}
              aria-invalid={errors.option ? true : undefined}
              aria-required
            >
              <legend id={legendId} className={styles.legend}>
                {OPTIONS_LEGEND}
              </legend>
              {available.length === 0 && <p className={styles.note}>{NONE_AVAILABLE}</p>}
              {data.options.map((o) => {
                const id = `${uid}-${o.option}`;
                const unavailable = o.unavailableReason !== null;
                return (
                  <label key={o.option} htmlFor={id} className={`${styles.choice} ${unavailable ? styles.choiceUnavailable : ''}`}>
                    <input
                      id={id}
                      type="radio"
                      className={styles.radio}
                      name={field.name}
                      value={o.option}
                      checked={field.value === o.option}
                      disabled={unavailable}
                      aria-describedby={`${id}-terms${unavailable ? ` ${id}-why` : ''}`}
                      onChange={() => onOptionChange(o.option)}
                      onBlur={field.onBlur}
                    />
                    <span className={styles.choiceBody}>
                      <span className={styles.choiceLabel}>{o.label}</span>
                      <span id={`${id}-terms`} className={`${styles.choiceTerms} ${styles.muted}`}>
                        {termsText(o)}
                      </span>
                      {unavailable && (
                        <span id={`${id}-why`} className={styles.unavailable}>
                          <span className="visually-hidden">Not available: </span>
                          {o.unavailableReason}
                        </span>
                      )}
                    </span>
                  </label>
                );
              })}
              <FieldErrorSlot id={optionErrorId} error={errors.option?.message} />
            </fieldset>
          )}
        />
        {option?.delivery === 'Card' && (
          <Controller
            control={control}
            name="cardId"
            render={({ field }) => (
              <SelectField
                label={CARD_LABEL}
                name={field.name}
                required
                placeholder="Choose a card"
                options={data.cards.map((c) => ({ value: String(c.cardId), label: c.label }))}
                value={field.value}
                error={errors.cardId?.message}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        {option?.delivery === 'Email' && (
          <p className={styles.note}>
            The gift card goes by e-mail to <strong>{data.email.address}</strong>.
          </p>
        )}
        <div className={styles.amountRow}>
          <TextField
            className={styles.amountField}
            label={AMOUNT_LABEL}
            inputMode="decimal"
            autoComplete="off"
            required
            hint={option ? `From ${money(option.minCents)} to ${money(Math.min(option.maxCents, data.balanceCents))}` : 'Like 25 or 25.50'}
            error={errors.amount?.message}
            {...register('amount')}
          />
          {data.balanceCents > 0 && (
            <Button variant="secondary" className={styles.wholeBalance} onClick={fillWholeBalance}>
              {option && data.balanceCents > option.maxCents ? `The most allowed (${money(option.maxCents)})` : `Whole balance (${money(data.balanceCents)})`}
            </Button>
          )}
        </div>
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={available.length === 0 || undefined}>
            {CONTINUE}
          </Button>
        </div>
      </form>
    </section>
  );
}
