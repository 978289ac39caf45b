import { describe, expect, it } from 'vitest';
import { EMAIL_CONFIRM_HOURS } from '../constants/redemptions';
import { EMAIL_MESSAGE, EMAIL_REQUIRED_MESSAGE, EMAIL_TOO_LONG_MESSAGE } from './email';
import {
  EMAIL_CHANGE_PASSWORD_MESSAGE, EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE, EMAIL_CONFIRM_INVALID_MESSAGE, EMAIL_SAME_MESSAGE, emailChangeProblem,
  emailChangeSentText, emailConfirmExpiresAt,
} from './email-change';

describe('emailChangeProblem', () => {
  it('accepts a valid address other than the current one', () => {
    expect(emailChangeProblem('ann@example.com', 'ann.new@example.com')).toBeNull();
    expect(emailChangeProblem('ann@example.com', '  ann@example.org ')).toBeNull();
  });

  it('gives the e-mail rule’s message first', () => {
    expect(emailChangeProblem('ann@example.com', '')).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(emailChangeProblem('ann@example.com', '   ')).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(emailChangeProblem('ann@example.com', 'ann@example')).toBe(EMAIL_MESSAGE);
    expect(emailChangeProblem('ann@example.com', `${'a'.repeat(40)}@example.com`)).toBe(EMAIL_TOO_LONG_MESSAGE);
    // An invalid address is reported as invalid even when it equals the current one.
    expect(emailChangeProblem('ann@', 'ann@')).toBe(EMAIL_MESSAGE);
  });

  it('refuses the current address, whatever its case or surrounding spaces', () => {
    expect(emailChangeProblem('ann@example.com', 'ann@example.com')).toBe(EMAIL_SAME_MESSAGE);
    expect(emailChangeProblem('ann@example.com', ' ANN@Example.COM ')).toBe(EMAIL_SAME_MESSAGE);
    expect(emailChangeProblem('Ann@Example.com', 'ann@example.com')).toBe(EMAIL_SAME_MESSAGE);
  });
});

describe('emailConfirmExpiresAt', () => {
  it('is EMAIL_CONFIRM_HOURS (48) after the link was sent, to the millisecond', () => {
    expect(EMAIL_CONFIRM_HOURS).toBe(48);
    const sent = new Date('2026-11-29T10:15:30.250Z');
    expect(emailConfirmExpiresAt(sent).toISOString()).toBe('2026-12-01T10:15:30.250Z');
    expect(emailConfirmExpiresAt(sent).getTime() - sent.getTime()).toBe(48 * 3_600_000);
  });
});

describe('emailChangeSentText', () => {
  it('names the new address and says the change waits for the link', () => {
    expect(emailChangeSentText('ann.new@example.com')).toBe('We sent a link to ann.new@example.com. Your address changes when you open it.');
  });
});

describe('the messages', () => {
  it('say what happened in plain words (the profile form, the link page and the server show them)', () => {
    expect(EMAIL_SAME_MESSAGE).toBe('That is already your e-mail address.');
    expect(EMAIL_CHANGE_PASSWORD_MESSAGE).toBe('Enter your current password to change your e-mail address.');
    expect(EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE).toBe('That is not your current password.');
    expect(EMAIL_CONFIRM_INVALID_MESSAGE).toBe('This confirmation link has expired or was already used. Ask for a new one on your profile page.');
  });
});
