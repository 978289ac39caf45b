import { describe, expect, it } from 'vitest';
import { NOT_EARNED_REASONS } from '#shared/constants/rewards';
import { HOLD_REASONS, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import {
  dineNotEarnedMail, redemptionDeliveredMail, redemptionFailedMail, redemptionReceivedMail, type MailPartner, type MailRedemption,
} from './mails';

const hotel: MailPartner = { name: 'Hotel Dining', currencyType: 'Point', copyStates: { currencySingular: 'point', currencyPlural: 'points' } };
const airline: MailPartner = { ...hotel, name: 'Air Dining', currencyType: 'Mile', copyStates: { currencySingular: 'mile', currencyPlural: 'miles' } };
const mail = (partner: MailPartner, reason: string | null) => dineNotEarnedMail({
  partner, member: { firstName: 'Ann' }, activityLink: 'https://example.test/account/recent_activity',
  dine: { merchantName: 'Blue Plate Diner', localDate: '2026-11-20', cardLastFour: '1111', authAmountCents: 4000, clearedAmountCents: 4600, reward: 0, reason, onlineOrder: false, subtotalCents: null },
});

describe('the not-earned mail names the label of Reviews & History (status-label.ts)', () => {
  it('a dine that was never earned reads Not earned on every partner, with its reason', () => {
    for (const partner of [hotel, airline]) {
      const text = mail(partner, 'blackoutDay').text;
      expect(text).toContain("shows as 'Not earned'");
      expect(text).toContain(`Why: ${NOT_EARNED_REASONS.blackoutDay}`);
    }
  });

  it('a reward that ran out of time reads Expired, Not earned in airline copy', () => {
    expect(mail(hotel, 'notSettled').text).toContain("shows as 'Expired'");
    expect(mail(airline, 'notSettled').text).toContain("shows as 'Not earned'");
  });
});

describe('the redemption mails (issue 28)', () => {
  const cashBack: MailPartner = { name: 'Cash Dining', currencyType: 'Dollar', copyStates: { programName1: 'Cash Back Dining' } };
  const member = { firstName: 'Ann' };
  const giftCard: MailRedemption = { option: 'visa', amountCents: 2_500, feeCents: 0, destination: 'ann.smith@example.com', hold: null, note: null };
  const credit: MailRedemption = { ...giftCard, option: 'statementCredit', amountCents: 123_450, destination: 'Visa ending in 1111' };
  const redemptionLink = 'https://cash.dining.test/account/redeem/rd_1';
  const redeemLink = 'https://cash.dining.test/account/redeem';
  const claimLink = 'https://provider.test/rewards/claim/0123abcd';
  /** Every address a mail's text and HTML link to. */
  const linksOf = (mail: { text: string; html: string }) => [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"<]+/g)].map((m) => m[0]);

  it('received: amount, option, where it goes with the address masked, when it arrives; a link to the redemption only', () => {
    const mail = redemptionReceivedMail({ partner: cashBack, member, redemption: giftCard, redemptionLink });
    expect(mail.subject).toBe('We received your redemption of $25.00');
    expect(mail.text).toContain('Hello Ann,');
    expect(mail.text).toContain('Amount: $25.00');
    expect(mail.text).toContain(`Option: ${REDEMPTION_TERMS.visa.label}`);
    expect(mail.text).toContain('Goes to: a•••@example.com');
    expect(mail.text).not.toContain('ann.smith');
    expect(mail.html).not.toContain('ann.smith');
    expect(mail.text).toContain(`Arrives: ${REDEMPTION_TERMS.visa.arrives}\n`);
    expect(mail.text).toContain('$25.00 is set aside from your balance while we send it.');
    expect(mail.text).not.toContain('our team');
    expect([...new Set(linksOf(mail))]).toEqual([redemptionLink]);
    expect(mail.html).toContain(`<a href="${redemptionLink}">See your redemption</a>`);
  });

  it('received, statement credit: the card by its last four, amounts with thousands', () => {
    const mail = redemptionReceivedMail({ partner: cashBack, member, redemption: credit, redemptionLink });
    expect(mail.subject).toBe('We received your redemption of $1,234.50');
    expect(mail.text).toContain('Goes to: Visa ending in 1111');
    expect(mail.text).toContain(`Option: ${REDEMPTION_TERMS.statementCredit.label}`);
    expect(mail.text).toContain(`Arrives: ${REDEMPTION_TERMS.statementCredit.arrives}`);
  });

  it('received and held: the hold in the words of the Redeem page, and that it waits for our team', () => {
    const mail = redemptionReceivedMail({ partner: cashBack, member, redemption: { ...giftCard, hold: 'firstRedemption' }, redemptionLink });
    expect(mail.text).toContain(HOLD_REASONS.firstRedemption);
    expect(mail.text).toContain('It waits for our team until then');
    expect(mail.text).toContain(`Arrives: ${REDEMPTION_TERMS.visa.arrives}, once our team has checked it`);
  });

  it('delivered: "Your $25.00 Visa prepaid card is ready", the claim link, and not to forward it', () => {
    const mail = redemptionDeliveredMail({ partner: cashBack, member, redemption: giftCard, claimLink, redemptionLink });
    expect(mail.subject).toBe('Your $25.00 Visa prepaid card is ready');
    expect(mail.text).toContain(`Claim your Visa prepaid card: ${claimLink}`);
    expect(mail.html).toContain(`<a href="${claimLink}">Claim your Visa prepaid card</a>`);
    expect(mail.text).toContain('This link is the card itself');
    expect(mail.text).toContain('Do not forward this e-mail');
    expect(mail.text).toContain('Cash Back Dining');
    // A choice card is named without its list of brands; the value is after any fee.
    const choice = redemptionDeliveredMail({ partner: cashBack, member, redemption: { ...giftCard, option: 'tremendous', amountCents: 1_000, feeCents: 100 }, claimLink, redemptionLink });
    expect(choice.subject).toBe('Your $9.00 gift card of your choice is ready');
  });

  it('failed: why, that the amount was returned, and a way to redeem again; no other link', () => {
    const mail = redemptionFailedMail({ partner: cashBack, member, redemption: { ...giftCard, amountCents: 2_591, note: 'The gift-card provider declined the order.' }, redeemLink });
    expect(mail.subject).toBe('Your redemption of $25.91 could not be completed');
    expect(mail.text).toContain('Why: The gift-card provider declined the order.');
    expect(mail.text).toContain('$25.91 was returned to your balance.');
    expect([...new Set(linksOf(mail))]).toEqual([redeemLink]);
    // Without a note it still says something.
    expect(redemptionFailedMail({ partner: cashBack, member, redemption: giftCard, redeemLink }).text).toContain('Why: It could not be paid.');
  });
});
