import type { Member, ProfileUpdateRequest } from '../../../shared/schemas/member';
import { formatPhone, phoneDigits } from '../../../shared/rules/phone';
import { smsOptInPayload } from '../../../shared/rules/sms-opt-in';
import { REQUIRED_MESSAGE } from '../../components/text-field';

/** §8 profile messages. */
export const PROFILE_SAVED = 'All changes were saved.';
export const PROFILE_NO_CHANGES = 'No changes were made.';
export const PROFILE_NOT_SAVED = 'No changes were saved. See error at bottom of page for more details.';
export const REQUIRED_NOTE = '* Required field';
export const PASSWORD_MASK = '••••••••';

export type ProfileValues = {
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

export function profileValues(member: Member): ProfileValues {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    address1: member.address.address1,
    address2: member.address.address2,
    city: member.address.city,
    state: member.address.state,
    zipCode: member.address.zipCode,
    phoneNumber: formatPhone(member.phoneNumber),
    smsOptIn: member.smsOptIn,
    emailOptIn: member.emailOptIn,
  };
}

/** The PUT body: trimmed values; a single sign-on member's names stay those of the sign-on account. */
export function profileUpdate(member: Member, values: ProfileValues, sms: { offered: boolean; v2: boolean }): ProfileUpdateRequest {
  const sso = member.interfaceType === 'sso';
  return {
    firstName: sso ? member.firstName : values.firstName.trim(),
    lastName: sso ? member.lastName : values.lastName.trim(),
    address1: values.address1.trim(),
    address2: values.address2.trim(),
    city: values.city.trim(),
    state: values.state,
    zipCode: values.zipCode.trim(),
    phoneNumber: phoneDigits(values.phoneNumber.trim()),
    ...smsOptInPayload({ phone: values.phoneNumber, checked: sms.offered && values.smsOptIn, v2: sms.v2 }),
    emailOptIn: values.emailOptIn,
  };
}

/** §5 text rule: trimmed, required when asked, at most `max` characters (the server's wording). */
export function textRule(label: string, max: number, required: boolean) {
  return (value: string) => {
    const v = value.trim();
    if (required && !v) return REQUIRED_MESSAGE;
    if (v.length > max) return `${label} must be ${max} characters or fewer.`;
    return true;
  };
}
