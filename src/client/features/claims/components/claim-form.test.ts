import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/rules/claim-window';
import { claimRequest } from './claim-form';

const today = '2026-11-20';
const cards = [{ id: 7, cardType: 'Visa' }, { id: 9, cardType: 'Amex' }];
const restaurant = { id: 42, name: 'Pepe’s Taqueria', place: '6143 Washington Dr, Salt Lake City, UT' };
const values = { cardId: '7', near: '84138', restaurant, dineDate: addDays(today, -15), amount: '46.50' };

describe('claimRequest (the claim form on submit)', () => {
  it('turns good values into the call body, amount in cents', () => {
    expect(claimRequest(values, cards, today)).toEqual({ errors: undefined, body: { cardId: 7, merchantId: 42, dineDate: '2026-11-05', amountCents: 4650 } });
    expect(claimRequest({ ...values, amount: '$1,046.5' }, cards, today).body?.amountCents).toBe(104650);
  });

  it('asks for each missing value', () => {
    const { errors } = claimRequest({ cardId: '', near: '', restaurant: null, dineDate: '', amount: '' }, cards, today);
    expect(errors).toEqual({
      cardId: 'Choose the card you paid with.',
      restaurant: 'Search for the restaurant and choose it from the list.',
      dineDate: 'Enter the date of the dine.',
      amount: 'Enter the amount charged in dollars, like 42.50.',
    });
  });

  it('says when a too-recent dine can be claimed, and applies the Amex look-back', () => {
    expect(claimRequest({ ...values, dineDate: addDays(today, -3) }, cards, today).errors?.dineDate).toContain('can be made from November 27, 2026');
    expect(claimRequest({ ...values, cardId: '9', dineDate: addDays(today, -31) }, cards, today).errors?.dineDate).toContain('American Express card can be made up to 30 days');
    expect(claimRequest({ ...values, cardId: '7', dineDate: addDays(today, -31) }, cards, today).errors).toBeUndefined();
  });

  it('refuses amounts that are not money, zero, or too large, and cards that are not the member’s', () => {
    for (const amount of ['abc', '0', '0.00', '-5', '12.345']) expect(claimRequest({ ...values, amount }, cards, today).errors?.amount).toBeDefined();
    expect(claimRequest({ ...values, amount: '10000.01' }, cards, today).errors?.amount).toBe('The amount must be $10,000.00 or less.');
    expect(claimRequest({ ...values, cardId: '8' }, cards, today).errors?.cardId).toBe('Choose the card you paid with.');
  });
});
