import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { Button } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import { SelectField } from '#client/components/select-field';
import { TextField } from '#client/components/text-field';
import { useCards } from '../../cards';
import { useMember } from '../../session';
import { useDineNow, type DineNowRequest } from '../api';
import { messageOf } from '../message-of';
import styles from './stgtools.module.css';

export const DINE_NOW_TITLE = 'Dine now';

type Values = { merchantId: string; amount: string; cardId: string; clear: boolean };
type Errors = Partial<Record<'merchantId' | 'amount', string>>;

/** The form's values as the call's body, or what is wrong with them. */
export function dineRequest(values: Values): { body: DineNowRequest } | { errors: Errors } {
  const errors: Errors = {};
  const merchantId = Number(values.merchantId.trim());
  if (!/^\d+$/.test(values.merchantId.trim()) || merchantId < 1) errors.merchantId = 'Enter the restaurant id: the number at the end of its page address (/merchants/1234).';
  const amount = values.amount.trim().replace(/^\$/, '');
  const cents = Math.round(Number(amount) * 100);
  if (!/^\d+(\.\d{1,2})?$/.test(amount) || cents < 1 || cents > 1_000_000) errors.amount = 'Enter an amount in dollars, from 0.01 to 10000, like 42.50.';
  if (errors.merchantId || errors.amount) return { errors };
  return { body: { merchantId, amountCents: cents, clear: values.clear, ...(values.cardId ? { cardId: Number(values.cardId) } : {}) } };
}

/**
 * Staging "Dine now" (issue 9): a dine of the signed-in card member at a restaurant, authorised and
 * cleared at once or authorised only, sent through the real card-network webhook.
 */
export function DineNow() {
  const { member } = useMember();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{DINE_NOW_TITLE}</h2>
      {member?.memberType === 'EnrolledCardMember' ? (
        <DineNowForm />
      ) : (
        <p>Sign in as a card member to dine: the dine is paid with one of the member&apos;s linked cards.</p>
      )}
    </section>
  );
}

function DineNowForm() {
  const cards = useCards();
  const dineNow = useDineNow();
  const [values, setValues] = useState<Values>({ merchantId: '', amount: '50.00', cardId: '', clear: true });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<{ transactionId: string; clear: boolean; merchantId: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const modeName = useId();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  /** A text box's name, value and error, tied to the form's state. */
  const textField = (name: 'merchantId' | 'amount') => ({ name, value: values[name], error: errors[name], onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.value) });
  const cardOptions = (cards.data ?? []).map((c) => ({ value: String(c.id), label: `${c.cardType} ending in ${c.lastFour}` }));

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSent(null);
    setFailure(null);
    const request = dineRequest(values);
    if ('errors' in request) {
      setErrors(request.errors);
      const first = request.errors.merchantId ? 'merchantId' : 'amount';
      e.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      const answer = await dineNow.mutateAsync(request.body);
      setSent({ transactionId: answer.transactionId, clear: request.body.clear !== false, merchantId: request.body.merchantId });
    } catch (err) {
      setFailure(messageOf(err));
    }
  };

  return (
    <form className={styles.dineForm} onSubmit={(e) => void onSubmit(e)} aria-label={DINE_NOW_TITLE} noValidate>
      <div className={styles.dineFields}>
        <TextField
          label="Restaurant id"
          inputMode="numeric"
          autoComplete="off"
          required
          hint="The number at the end of the restaurant's page address."
          {...textField('merchantId')}
        />
        <TextField
          label="Amount in dollars"
          inputMode="decimal"
          autoComplete="off"
          required
          hint="The bill, tip included."
          {...textField('amount')}
        />
        <SelectField label="Card" placeholder="First linked card" options={cardOptions} value={values.cardId} onChange={(e) => set('cardId', e.target.value)} />
      </div>
      <fieldset className={styles.dineModes}>
        <legend>What the card network sends</legend>
        <label>
          <input type="radio" name={modeName} checked={values.clear} onChange={() => set('clear', true)} /> Authorise and clear (earns once applied)
        </label>
        <label>
          <input type="radio" name={modeName} checked={!values.clear} onChange={() => set('clear', false)} /> Authorise only (stays Pending)
        </label>
      </fieldset>
      <div>
        <Button type="submit" loading={dineNow.isPending}>
          {DINE_NOW_TITLE}
        </Button>
      </div>
      {sent && (
        <FormBanner kind="success">
          <p>
            {sent.clear ? 'Dine authorised and cleared' : 'Dine authorised (not cleared)'}: transaction <code>{sent.transactionId}</code>. It shows in{' '}
            <Link to={paths.account.recentActivity()}>Reviews &amp; History</Link> within a few seconds.
          </p>
        </FormBanner>
      )}
      {sent && !sent.clear && (
        <ClearLater transactionId={sent.transactionId} merchantId={sent.merchantId} amount={values.amount} onCleared={() => setSent({ ...sent, clear: true })} />
      )}
      {failure && (
        <FormBanner>
          <p>The dine was not sent: {failure}</p>
        </FormBanner>
      )}
    </form>
  );
}

/**
 * The clearing of the dine just authorised: the same purchase, the amount with the tip, so the
 * one dine goes from Pending to earning (as a network clears a day or two later).
 */
function ClearLater(props: { transactionId: string; merchantId: number; amount: string; onCleared: () => void }) {
  const dineNow = useDineNow();
  const [amount, setAmount] = useState(props.amount);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const onClear = async () => {
    setFailure(null);
    const request = dineRequest({ merchantId: String(props.merchantId), amount, cardId: '', clear: true });
    if ('errors' in request) {
      setError(request.errors.amount);
      return;
    }
    setError(undefined);
    try {
      await dineNow.mutateAsync({ merchantId: props.merchantId, amountCents: request.body.amountCents, clearTransactionId: props.transactionId });
      props.onCleared();
    } catch (err) {
      setFailure(messageOf(err));
    }
  };
  return (
    <div className={styles.dineFields} role="group" aria-label="Clear this dine">
      <TextField
        label="Cleared amount in dollars"
        name="clearedAmount"
        inputMode="decimal"
        autoComplete="off"
        hint="What the restaurant finally charged, tip included."
        value={amount}
        error={error}
        onChange={(e) => setAmount(e.target.value)}
      />
      <div>
        <Button type="button" loading={dineNow.isPending} onClick={() => void onClear()}>
          Clear this dine
        </Button>
      </div>
      {failure && (
        <FormBanner>
          <p>The clearing was not sent: {failure}</p>
        </FormBanner>
      )}
    </div>
  );
}
