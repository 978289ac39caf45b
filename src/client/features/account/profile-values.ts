import type { Member, ProfileUpdateRequest } from '#shared/schemas/member';
import { formatPhone, phoneDigits } from '#shared/rules/phone';
import { smsOptInPayload } from '#shared/rules/sms-opt-in';
import { textProblem, type MemberDetailsValues } from '../enrollment';

/** §8 profile messages. */
export const PROFILE_SAVED = 'All changes were saved.';
export const PROFILE_NO_CHANGES = 'No changes were made.';
export const PROFILE_NOT_SAVED = 'No changes were saved. See error at bottom of page for more details.';
export const REQUIRED_NOTE = '* Required field';
export const PASSWORD_MASK = '••••••••';

/** The profile edits the member's details (e-mail and password are shown, not edited). */
export type ProfileValues = MemberDetailsValues;

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
export function profileUpdate(member: Member, values: ProfileValues, sms: { offered: boolean; v2: boolean; consented?: boolean }): ProfileUpdateRequest {
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
    ...smsOptInPayload({ phone: values.phoneNumber, checked: sms.offered && values.smsOptIn, v2: sms.v2, consented: sms.consented }),
    emailOptIn: values.emailOptIn,
  };
}

/** The §5 text rule of joining as a react-hook-form check (true when the value is fine). */
export function textRule(label: string, max: number, required: boolean) {
  const problem = textProblem(label, max, required);
  return (value: string) => problem(value) ?? true;
}
