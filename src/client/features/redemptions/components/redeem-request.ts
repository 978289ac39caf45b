import type { FieldErrors } from 'react-hook-form';
import type { RedemptionOption } from '#shared/constants/redemptions';
import { ApiError } from '#client/lib/api';
import type { RedemptionOptionsResponse, RedemptionRequest } from '../api';
import { AMOUNT_FORMAT_MESSAGE, amountError, centsFromText } from '../format';
import { CHOOSE_CARD_MESSAGE, CHOOSE_OPTION_MESSAGE, RETRY_MESSAGE } from './redeem-text';

type Options = RedemptionOptionsResponse;
/** The Redeem form's values. `cardId`: the chosen card's id as the select holds it (text). */
export type RedeemValues = { option: RedemptionOption | ''; cardId: string; amount: string };
type Field = keyof RedeemValues;
type Errors = Partial<Record<Field, string>>;
/** The fields in the order they show: the first one wrong takes focus. */
export const FIELD_ORDER: Field[] = ['option', 'cardId', 'amount'];

/** The form's values as the call's body, or what is wrong with them (the shared rules, as the server checks). */
export function redeemRequest(values: RedeemValues, data: Options): { errors: Errors; body?: undefined } | { errors?: undefined; body: RedemptionRequest } {
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

export const toFieldErrors = (errors: Errors): FieldErrors<RedeemValues> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'rule', message }])) as FieldErrors<RedeemValues>;

export type RedeemFailure = { message: string; details: string[]; retry: boolean };

/** What the member reads when the server said no (409: balance or a limit; 400: the fields), or did not answer. */
export function failureOf(error: unknown): RedeemFailure {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { message: error.message, details: error.fieldErrors.map((f) => f.message).filter((m) => m !== error.message), retry: false };
  }
  // No answer, or the server failed: the redemption may exist; the same attempt again is answered with it.
  return { message: RETRY_MESSAGE, details: [], retry: true };
}
