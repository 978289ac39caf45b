import { cutPassword } from '#shared/rules/password';
import { REQUIRED_MESSAGE } from '../../components/text-field';

export const PASSWORDS_DIFFER = 'Passwords do not match.';

/** §5 password confirmation (joining, recovery): given, and the same as the password as the server cuts it. */
export function passwordConfirmProblem(confirm: string, password: string): string | null {
  if (!confirm) return REQUIRED_MESSAGE;
  return cutPassword(confirm) !== cutPassword(password) ? PASSWORDS_DIFFER : null;
}
