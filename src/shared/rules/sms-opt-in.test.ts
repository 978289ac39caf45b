import { describe, expect, it } from 'vitest';
import { defaultSmsOptIn, smsOptInAfterPhoneChange, smsOptInEnabled } from './sms-opt-in';

const PHONE = '212-555-0123';
const OTHER = '646-555-0199';

describe('defaultSmsOptIn', () => {
  it('is off without a valid phone', () => {
    expect(defaultSmsOptIn({ phone: '', v2: false })).toBe(false);
    expect(defaultSmsOptIn({ phone: '123', v2: false, explicit: true })).toBe(false);
  });

  it('defaults to on with a phone (v1)', () => {
    expect(defaultSmsOptIn({ phone: PHONE, v2: false })).toBe(true);
    expect(defaultSmsOptIn({ phone: PHONE, v2: false, explicit: false })).toBe(false);
  });

  it('is only what was ticked with v2', () => {
    expect(defaultSmsOptIn({ phone: PHONE, v2: true })).toBe(false);
    expect(defaultSmsOptIn({ phone: PHONE, v2: true, explicit: true })).toBe(true);
  });
});

describe('smsOptInAfterPhoneChange', () => {
  it('turns off when the phone is cleared or invalid', () => {
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: '', optIn: true, v2: false })).toBe(false);
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: '212', optIn: true, v2: true })).toBe(false);
  });

  it('turns off on v1 when the number changes, not when only its formatting does', () => {
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: OTHER, optIn: true, v2: false })).toBe(false);
    expect(smsOptInAfterPhoneChange({ previousPhone: '2125550123', phone: PHONE, optIn: true, v2: false })).toBe(true);
  });

  it('keeps the choice on v2 when the number changes', () => {
    expect(smsOptInAfterPhoneChange({ previousPhone: PHONE, phone: OTHER, optIn: true, v2: true })).toBe(true);
  });
});

describe('smsOptInEnabled', () => {
  it('needs a valid phone', () => {
    expect(smsOptInEnabled(PHONE)).toBe(true);
    expect(smsOptInEnabled('')).toBe(false);
    expect(smsOptInEnabled('555-0123')).toBe(false);
  });
});
