/** §5 ZIP code: exactly five digits; whether it is in the U.S. is the server's check. */
export const ZIP_FORMAT_MESSAGE = 'ZIP code must be exactly 5 digits.';
export const ZIP_NOT_US_MESSAGE = 'This ZIP code is not located in the U.S.';

export function isZipShape(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}
/** §5 'Error while checking FIELD_LABEL.' when the ZIP check call fails. */
export const ZIP_CHECK_FAILED = 'Error while checking ZIP code.';
