import { describe, expect, it } from 'vitest';
import { smsOptInAfterConsent, smsOptInAfterPhoneChange, smsOptInEnabled, smsOptInFor, smsOptInPayload } from './sms-opt-in';
import { SMS_CONSENT_VERSION, smsConsentText } from './sms-consent';

const PHONE = '212-555-0123';
const OTHER = '646-555-0199';

describe('smsOptInFor (§5: the one rule of joining and the profile, server and forms)', () => {
  it('is never on without a valid phone, whatever was sent', () => {
    for (const phone of ['', '   ', '123', '112-555-0123', '212-155-0123']) {
      expect(smsOptInFor({ phone }), phone).toBe(false);
      expect(smsOptInFor({ phone, smsOptIn: true }), phone).toBe(false);
      expect(smsOptInFor({ phone, smsOptInV2: true }), phone).toBe(false);
      expect(smsOptInFor({ phone, smsOptIn: true, smsOptInV2: true }), phone).toBe(false);
    }
  });

  it('is off with a phone when nothing was said: text messages need a consent (issue 25)', () => {
    expect(smsOptInFor({ phone: PHONE })).toBe(false);
    expect(smsOptInFor({ phone: '2125550123' })).toBe(false);
    expect(smsOptInFor({ phone: '1 (212) 555-0123' })).toBe(false);
  });

  it('keeps what was ticked when there is no V2 flag', () => {
    expect(smsOptInFor({ phone: PHONE, smsOptIn: false })).toBe(false);
    expect(smsOptInFor({ phone: PHONE, smsOptIn: true })).toBe(true);
  });

  it('lets the explicit V2 flag decide, over smsOptIn and over the default', () => {
    expect(smsOptInFor({ phone: PHONE, smsOptInV2: false })).toBe(false);
    expect(smsOptInFor({ phone: PHONE, smsOptInV2: false, smsOptIn: true })).toBe(false);
    expect(smsOptInFor({ phone: PHONE, smsOptInV2: true })).toBe(true);
    expect(smsOptInFor({ phone: PHONE, smsOptInV2: true, smsOptIn: false })).toBe(true);
  });
});

describe('smsOptInAfterPhoneChange', () => {
  it('turns off when the phone is cleared or invalid, on v1 and v2', () => {
    for (const v2 of [false, true]) {
      expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: '', optIn: true, v2 })).toBe(false);
      expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: '212', optIn: true, v2 })).toBe(false);
      expect(smsOptInAfterPhoneChange({ previousPhone: '', phone: '212', optIn: true, v2 })).toBe(false);
    }
  });

  it('never turns on when a first valid number is given, on v1 and v2: only the consent does', () => {
    for (const v2 of [false, true]) {
      expect(smsOptInAfterPhoneChange({ previousPhone: '', phone: PHONE, optIn: false, v2 })).toBe(false);
      expect(smsOptInAfterPhoneChange({ previousPhone: '212-555', phone: OTHER, optIn: false, v2 })).toBe(false);
    }
  });

  it('turns off on v1 when the number changes, not when only its formatting does', () => {
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: OTHER, optIn: true, v2: false })).toBe(false);
    expect(smsOptInAfterPhoneChange({ previousPhone: '2125550123', phone: PHONE, optIn: true, v2: false })).toBe(true);
    expect(smsOptInAfterPhoneChange({ previousPhone: '1-212-555-0123', phone: PHONE, optIn: true, v2: false })).toBe(true);
  });

  it('turns off on v2 too when the number changes (the consent named the number), and a choice of off stays off', () => {
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: OTHER, optIn: true, v2: true })).toBe(false);
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: PHONE, optIn: true, v2: true })).toBe(true);
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: OTHER, optIn: false, v2: true })).toBe(false);
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: PHONE, optIn: false, v2: false })).toBe(false);
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: PHONE, optIn: false, v2: true })).toBe(false);
  });
});

describe('smsOptInEnabled', () => {
  it('needs a valid phone', () => {
    expect(smsOptInEnabled(PHONE)).toBe(true);
    expect(smsOptInEnabled('')).toBe(false);
    expect(smsOptInEnabled('555-0123')).toBe(false);
  });
});

describe('smsOptInAfterConsent (§4 consent modal)', () => {
  it('is on only when confirmed with the box ticked; otherwise it cancels and turns the opt-in off', () => {
    expect(smsOptInAfterConsent({ confirmed: true, agreed: true })).toBe(true);
    expect(smsOptInAfterConsent({ confirmed: true, agreed: false })).toBe(false);
    expect(smsOptInAfterConsent({ confirmed: false, agreed: true })).toBe(false);
    expect(smsOptInAfterConsent({ confirmed: false, agreed: false })).toBe(false);
  });
});

describe('smsOptInPayload (what the forms send)', () => {
  it('sends the box as shown, with the V2 flag only on v2 partners', () => {
    expect(smsOptInPayload({ phone: PHONE, checked: true, v2: false })).toStrictEqual({ smsOptIn: true });
    expect(smsOptInPayload({ phone: PHONE, checked: false, v2: false })).toStrictEqual({ smsOptIn: false });
    expect(smsOptInPayload({ phone: PHONE, checked: true, v2: true })).toStrictEqual({ smsOptIn: true, smsOptInV2: true });
    expect(smsOptInPayload({ phone: PHONE, checked: false, v2: true })).toStrictEqual({ smsOptIn: false, smsOptInV2: false });
  });

  it('sends the consent confirmed in the modal with an opt-in, never with an opt-out', () => {
    const smsConsent = { version: SMS_CONSENT_VERSION, agreed: true };
    expect(smsOptInPayload({ phone: PHONE, checked: true, v2: false, consented: true })).toStrictEqual({ smsOptIn: true, smsConsent });
    expect(smsOptInPayload({ phone: PHONE, checked: true, v2: true, consented: true })).toStrictEqual({ smsOptIn: true, smsOptInV2: true, smsConsent });
    expect(smsOptInPayload({ phone: PHONE, checked: false, v2: false, consented: true })).toStrictEqual({ smsOptIn: false });
    expect(smsOptInPayload({ phone: '', checked: true, v2: false, consented: true })).toStrictEqual({ smsOptIn: false });
  });

  it('never sends on without a valid phone', () => {
    expect(smsOptInPayload({ phone: '', checked: true, v2: false })).toStrictEqual({ smsOptIn: false });
    expect(smsOptInPayload({ phone: '212', checked: true, v2: true })).toStrictEqual({ smsOptIn: false, smsOptInV2: false });
  });

  it('round-trips through the server rule: what the form shows is what is stored', () => {
    for (const v2 of [false, true]) {
      for (const checked of [false, true]) {
        for (const phone of [PHONE, '', '212']) {
          const sent = smsOptInPayload({ phone, checked, v2 });
          expect(smsOptInFor({ phone, ...sent }), `${phone} ${checked} ${v2}`).toBe(checked && smsOptInEnabled(phone));
        }
      }
    }
  });
});

describe('smsConsentText (the wording shown and recorded)', () => {
  it('names the programme, the number as shown and the short code', () => {
    const text = smsConsentText({ program: 'American Dining', phone: '2125550123', shortCode: '97082' });
    expect(text).toContain('from American Dining about your account and offers at 212-555-0123.');
    expect(text).toContain('Text HELP to 97082 for help, or STOP to 97082 to stop at any time.');
    expect(text).toContain('Consent is not a condition of membership.');
  });
});
