import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { CLAIM_AFTER_DAYS } from '#shared/constants/rewards';
import { CLAIM_STATUS_LABELS } from '#shared/rules/claim-status';
import { CLAIM_LOOKBACK_DAYS, CLAIM_LOOKBACK_DAYS_AMEX, claimWindow, claimWindowMessage, dayNumber, longDate } from '#shared/rules/claim-window';
import { localToday } from '#shared/rules/rewards/local-time';
import { Button } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import { SelectField } from '#client/components/select-field';
import { TextField } from '#client/components/text-field';
import { ApiError } from '#client/lib/api';
import { useCards } from '../../cards';
import { useMember } from '../../session';
import { useSubmitClaim, type ClaimSubmitResponse } from '../api';
import { RestaurantCombobox, type PickedRestaurant } from './restaurant-combobox';
import { SupportContact } from './support-contact';
import styles from './claims.module.css';

export const CLAIM_FORM_TITLE = 'Claim a missing reward';

type Values = { cardId: string; near: string; restaurant: PickedRestaurant | null; dineDate: string; amount: string };
type Field = 'cardId' | 'restaurant' | 'dineDate' | 'amount';
type Errors = Partial<Record<Field, string>>;

/** The form's values as the call's body, or what is wrong with them. */
export function claimRequest(values: Values, cards: ReadonlyArray<{ id: number; cardType: string }>, today: string) {
  const errors: Errors = {};
  const card = cards.find((c) => String(c.id) === values.cardId);
  if (!card) errors.cardId = 'Choose the card you paid with.';
  if (!values.restaurant) errors.restaurant = 'Search for the restaurant and choose it from the list.';
  if (!values.dineDate.trim() || dayNumber(values.dineDate.trim()) === null) errors.dineDate = 'Enter the date of the dine.';
  else if (card) {
    const problem = claimWindowMessage(claimWindow({ dineDate: values.dineDate.trim(), today, cardType: card.cardType }), card.cardType);
    if (problem) errors.dineDate = problem;
  }
  const amount = values.amount.trim().replace(/^\$/, '').replace(/,/g, '');
  const cents = Math.round(Number(amount) * 100);
  if (!/^\d+(\.\d{1,2})?$/.test(amount) || cents < 1) errors.amount = 'Enter the amount charged in dollars, like 42.50.';
  else if (cents > 1_000_000) errors.amount = 'The amount must be $10,000.00 or less.';
  if (Object.keys(errors).length > 0 || !card || !values.restaurant) return { errors, body: undefined };
  return { errors: undefined, body: { cardId: card.id, merchantId: values.restaurant.id, dineDate: values.dineDate.trim(), amountCents: cents } };
}

const ORDER: Field[] = ['cardId', 'restaurant', 'dineDate', 'amount'];

const fieldErrors = (errors: Errors): FieldErrors<Values> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'rule', message }])) as FieldErrors<Values>;

/**
 * The claim form (docs/api-claims.md): the card among the member's linked cards, the restaurant
 * (found by search), the date and the amount. Checked on submit (the window included, with the
 * date from which a claim can be made); the answer says at once what matching found.
 */
export function ClaimForm() {
  const titleId = useId();
  const { member } = useMember();
  const cards = useCards();
  const submit = useSubmitClaim();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [answer, setAnswer] = useState<ClaimSubmitResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cardList = cards.data ?? [];
  // One linked card: it is the one.
  const onlyCard = cardList.length === 1 ? String(cardList[0]!.id) : '';
  const cardOptions = cardList.map((c) => ({ value: String(c.id), label: `${c.cardType} ending in ${c.lastFour}` }));
  // The browser's calendar (the server checks the window again in the restaurant's).
  const request = (values: Values) => claimRequest({ ...values, cardId: values.cardId || onlyCard }, cardList, localToday());

  const { control, register, handleSubmit, setError, setValue, formState: { errors } } = useForm<Values>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { cardId: '', near: member?.address.zipCode || member?.address.city || '', restaurant: null, dineDate: '', amount: '' },
    resolver: (values) => {
      const checked = request(values);
      return checked.body ? { values, errors: {} } : { values: {}, errors: fieldErrors(checked.errors ?? {}) };
    },
  });
  const near = useWatch({ control, name: 'near' });
  /** A text box registered with the form, with its error message. */
  const textField = (name: 'dineDate' | 'amount') => ({ ...register(name), error: errors[name]?.message });

  const focusFirst = (errs: Partial<Record<Field, unknown>>) => {
    const first = ORDER.find((f) => errs[f]);
    if (!first) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onValid = async (values: Values) => {
    const body = request(values).body;
    if (!body) return;
    try {
      const result = await submit.mutateAsync(body);
      setAnswer(result);
      // The card and the restaurant stay: another missing dine is often at the same place.
      if (!result.alreadyClaimed) {
        setValue('dineDate', '');
        setValue('amount', '');
      }
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length > 0) {
        const fromServer: Errors = {};
        for (const f of err.fieldErrors) {
          const field = f.field === 'merchantId' ? 'restaurant' : (f.field as Field);
          if (ORDER.includes(field)) fromServer[field] = f.message;
        }
        if (Object.keys(fromServer).length > 0) {
          for (const [field, message] of Object.entries(fromServer) as Array<[Field, string]>) setError(field, { type: 'server', message });
          focusFirst(fromServer);
          return;
        }
      }
      setFailure(err instanceof Error ? err.message : 'The claim was not sent. Please try again.');
    }
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setAnswer(null);
    setFailure(null);
    void handleSubmit(onValid, focusFirst)(e);
  };

  if (cards.data && cardList.length === 0) {
    return (
      <section className={styles.section} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.sectionTitle}>{CLAIM_FORM_TITLE}</h2>
        <p>A claim is for a dine paid with a linked card, and you have no linked card.</p>
      </section>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {CLAIM_FORM_TITLE}
      </h2>
      <p className={styles.intro}>
        Tell us about the dine and we look for it in what the card networks sent us. Claims can be made from {CLAIM_AFTER_DAYS} days after the dine, up to {CLAIM_LOOKBACK_DAYS} days
        after it ({CLAIM_LOOKBACK_DAYS_AMEX} days for American Express cards).
      </p>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} aria-labelledby={titleId} noValidate>
        <Controller
          control={control}
          name="cardId"
          render={({ field }) => (
            <SelectField
              label="Card you paid with"
              name={field.name}
              required
              placeholder={cards.isPending ? 'Loading your cards…' : 'Choose a card'}
              options={cardOptions}
              value={field.value || onlyCard}
              error={errors.cardId?.message}
              onChange={field.onChange}
            />
          )}
        />
        <TextField
          label="Where you dined"
          autoComplete="off"
          hint="City, state or ZIP code of the restaurant, to search near."
          {...register('near')}
        />
        <Controller
          control={control}
          name="restaurant"
          render={({ field }) => <RestaurantCombobox near={near} value={field.value} onChange={field.onChange} error={errors.restaurant?.message} required />}
        />
        <div className={styles.row}>
          <TextField
            label="Date of the dine"
            type="date"
            required
            hint="As on your receipt."
            {...textField('dineDate')}
          />
          <TextField
            label="Amount charged, tip included"
            inputMode="decimal"
            autoComplete="off"
            required
            hint="In dollars, like 42.50."
            {...textField('amount')}
          />
        </div>
        <div>
          <Button type="submit" loading={submit.isPending}>
            Submit claim
          </Button>
        </div>
      </form>
      {answer && <ClaimAnswer ref={resultRef} answer={answer} />}
      {failure && (
        <FormBanner ref={resultRef}>
          <p>The claim was not sent: {failure}</p>
        </FormBanner>
      )}
    </section>
  );
}

/** What matching found for the claim just sent (or that the dine was claimed already). */
function ClaimAnswer({ answer, ref }: { answer: ClaimSubmitResponse; ref: RefObject<HTMLDivElement | null> }) {
  return (
    <FormBanner ref={ref} kind={answer.claim.status === 'NotFound' ? 'info' : 'success'}>
      <p>
        <strong>
          {answer.alreadyClaimed
            ? `You already claimed this dine on ${longDate(answer.claim.createdAt.slice(0, 10))}: ${CLAIM_STATUS_LABELS[answer.claim.status]}.`
            : `Claim ${answer.claim.id} submitted: ${CLAIM_STATUS_LABELS[answer.claim.status]}.`}
        </strong>{' '}
        {answer.claim.message}
      </p>
      {answer.claim.status === 'NotFound' && (
        <p>
          <SupportContact />
        </p>
      )}
    </FormBanner>
  );
}
