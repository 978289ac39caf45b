import { describe, expect, it } from 'vitest';
import { NOT_EARNED_REASONS } from '#shared/constants/rewards';
import { dineNotEarnedMail, type MailPartner } from './mails';

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
