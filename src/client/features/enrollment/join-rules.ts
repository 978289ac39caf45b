import { ADDRESS_MAX, CITY_MAX, NAME_MAX } from '#shared/constants/member';
import { emailProblem, normaliseEmail } from '#shared/rules/email';
import { passwordProblem } from '#shared/rules/password';
import { fullAddressRequired } from '#shared/rules/partner-features';
import { isValidPartnerNumber, normalisePartnerNumber, PARTNER_NUMBER_FORMAT_MESSAGE } from '#shared/rules/partner-number';
import { ENROLLMENT_PHONE_MESSAGE, isValidUsPhone } from '#shared/rules/phone';
import { isZipShape, ZIP_FORMAT_MESSAGE } from '#shared/rules/zip';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { FieldRules } from '../../lib/forms';
import { REQUIRED_MESSAGE } from '../../components/text-field';
import { passwordConfirmProblem } from '../auth';

/** §5 / §8 wording. */
export const EMAIL_IN_USE = 'This email is already in use with the program.';
export const PARTNER_NUMBER_IN_USE = 'This partner number is already in use.';
export const ALREADY_MEMBER = 'It looks like you already have an account.';
export const JOIN_FAILED = 'We could not create your account just now. Please try again in a moment.';

/** The member's details as the joining form and the profile hold them (§5). */
export type MemberDetailsValues = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  smsOptIn: boolean;
  emailOptIn: boolean;
};

export type JoinValues = MemberDetailsValues & {
  email: string;
  password: string;
  passwordConfirm: string;
  partnerNumber: string;
};

/** Results of the server checks made on blur, keyed by the value they were made for. */
export type JoinChecks = {
  email?: { value: string; inUse: boolean };
  partnerNumber?: { value: string; inUse: boolean };
  zip?: { value: string; message: string | null };
};

/** §5 text rule (joining and the profile): trimmed, given when required, at most `max` characters (the server's wording). */
export function textProblem(label: string, max: number, required: boolean) {
  return (value: string): string | null => {
    const v = value.trim();
    if (required && !v) return REQUIRED_MESSAGE;
    return v.length > max ? `${label} must be ${max} characters or fewer.` : null;
  };
}

/** §5 rules of the joining form (plain functions; the server applies the same ones). */
export function joinRules(partner: PartnerConfig, checks: JoinChecks): FieldRules<JoinValues> {
  const address = fullAddressRequired(partner);
  return {
    // The one e-mail rule of the page and the server (rules/email.ts), then the server's in-use answer.
    email: (v) => emailProblem(v) ?? (checks.email?.inUse && checks.email.value === normaliseEmail(v) ? EMAIL_IN_USE : null),
    password: (v, all) => (v ? passwordProblem(v, partner.hasPPN ? normalisePartnerNumber(all.partnerNumber ?? '') || null : null) : REQUIRED_MESSAGE),
    passwordConfirm: (v, all) => passwordConfirmProblem(v, all.password),
    firstName: textProblem('First name', NAME_MAX, true),
    lastName: textProblem('Last name', NAME_MAX, true),
    partnerNumber: (v) => {
      if (!partner.hasPPN) return null;
      const t = normalisePartnerNumber(v);
      if (!t) return REQUIRED_MESSAGE;
      if (!isValidPartnerNumber(t, partner.partnerNumberValidator)) return PARTNER_NUMBER_FORMAT_MESSAGE;
      if (checks.partnerNumber?.inUse && checks.partnerNumber.value === t) return PARTNER_NUMBER_IN_USE;
      return null;
    },
    address1: textProblem('Address', ADDRESS_MAX, address),
    address2: textProblem('Address line 2', ADDRESS_MAX, false),
    city: textProblem('City', CITY_MAX, address),
    state: (v) => (address && !v.trim() ? REQUIRED_MESSAGE : null),
    zipCode: (v) => {
      const t = v.trim();
      if (!t) return REQUIRED_MESSAGE;
      if (!isZipShape(t)) return ZIP_FORMAT_MESSAGE;
      if (checks.zip?.value === t && checks.zip.message) return checks.zip.message;
      return null;
    },
    phoneNumber: (v) => (v.trim() === '' || isValidUsPhone(v) ? null : ENROLLMENT_PHONE_MESSAGE),
  };
}

/** Id of the staging tools' section of partner numbers to join with, linked from the joining form outside production. */
export const PARTNER_NUMBERS_ANCHOR = 'partner-numbers';
