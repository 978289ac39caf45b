import { describe, expect, it } from 'vitest';
import {
  canJoinHere, canRecoverPassword, canSignInWithPassword, fullAddressRequired, hasMembers, paysStatementCredits, programName, smsConsentVersion, smsOptInOffered,
  usesSingleSignOn,
} from './partner-features';

describe('partner features', () => {
  it('names the programme: its own name, else the partner\'s', () => {
    expect(programName({ name: 'Hilton', copyStates: { programName1: 'Hilton Honors Dining' } })).toBe('Hilton Honors Dining');
    expect(programName({ name: 'Hilton', copyStates: { programName1: '' } })).toBe('Hilton');
    expect(programName({ name: 'Hilton', copyStates: {} })).toBe('Hilton');
  });

  it.each([
    ['direct', { signIn: true, sso: false, members: true, join: true, recover: true }],
    ['sso', { signIn: false, sso: true, members: true, join: false, recover: false }],
    ['none', { signIn: false, sso: false, members: false, join: false, recover: false }],
  ] as const)('answers the enrolment questions for %s partners', (enrollmentType, expected) => {
    const p = { enrollmentType };
    expect({ signIn: canSignInWithPassword(p), sso: usesSingleSignOn(p), members: hasMembers(p), join: canJoinHere(p), recover: canRecoverPassword(p) }).toEqual(expected);
  });

  it('asks for a full address only where the partner wants it and does not pay credits', () => {
    expect(fullAddressRequired({ fullAddressRequired: true, currencyType: 'Mile' })).toBe(true);
    expect(fullAddressRequired({ fullAddressRequired: true, currencyType: 'Credit' })).toBe(false);
    expect(fullAddressRequired({ fullAddressRequired: false, currencyType: 'Point' })).toBe(false);
  });

  it('tells which SMS consent the partner offers', () => {
    expect(smsConsentVersion({ hasSmsOptIn: false, hasSmsOptInV2: false })).toBe('none');
    expect(smsConsentVersion({ hasSmsOptIn: true, hasSmsOptInV2: false })).toBe('v1');
    expect(smsConsentVersion({ hasSmsOptIn: true, hasSmsOptInV2: true })).toBe('v2');
    expect(smsConsentVersion({ hasSmsOptIn: false, hasSmsOptInV2: true })).toBe('v2');
    expect(smsOptInOffered({ hasSmsOptIn: false, hasSmsOptInV2: false })).toBe(false);
    expect(smsOptInOffered({ hasSmsOptIn: true, hasSmsOptInV2: false })).toBe(true);
    expect(smsOptInOffered({ hasSmsOptIn: false, hasSmsOptInV2: true })).toBe(true);
  });

  it.each([
    ['Dollar', true], ['Credit', true], ['Mile', false], ['Point', false],
  ] as const)('pays statement credits for %s partners: %s', (currencyType, expected) => {
    expect(paysStatementCredits({ currencyType })).toBe(expected);
  });
});
