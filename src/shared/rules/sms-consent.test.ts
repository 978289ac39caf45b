import { describe, expect, it } from 'vitest';
import { SMS_CONSENT_CHECKBOX, SMS_CONSENT_OUTDATED_MESSAGE, SMS_CONSENT_REQUIRED_MESSAGE, SMS_CONSENT_VERSION, smsConsentText } from './sms-consent';

describe('the SMS consent (§4, issue 25 item 3)', () => {
  it('the whole wording a member reads, with the number as xxx-xxx-xxxx', () => {
    expect(smsConsentText({ program: 'American Dining', phone: '(212) 555-0123', shortCode: '97082' })).toBe(
      'By agreeing, you consent to receive recurring automated text messages from American Dining about your account and offers at 212-555-0123. '
      + 'Consent is not a condition of membership. Message frequency varies. Message and data rates may apply. '
      + 'Text HELP to 97082 for help, or STOP to 97082 to stop at any time.',
    );
  });

  it('without a number, the sentence names none', () => {
    expect(smsConsentText({ program: 'Mileage Plan Dining', phone: '', shortCode: '12345' })).toBe(
      'By agreeing, you consent to receive recurring automated text messages from Mileage Plan Dining about your account and offers. '
      + 'Consent is not a condition of membership. Message frequency varies. Message and data rates may apply. '
      + 'Text HELP to 12345 for help, or STOP to 12345 to stop at any time.',
    );
  });

  it('a number that is not a valid US number is quoted as typed', () => {
    expect(smsConsentText({ program: 'P', phone: '555-01', shortCode: '1' })).toContain(' about your account and offers at 555-01. ');
  });

  it('the version the record quotes, and the words around the box', () => {
    expect(SMS_CONSENT_VERSION).toBe('sms-consent-2026-11');
    expect(SMS_CONSENT_CHECKBOX).toBe('I agree to receive text messages.');
    expect(SMS_CONSENT_REQUIRED_MESSAGE).toBe('Please confirm the text message consent to turn on text messages.');
    expect(SMS_CONSENT_OUTDATED_MESSAGE).toBe('The text message consent has changed. Please tick the box again and confirm the new wording.');
  });
});
