import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner';
import { SignInRedirect } from '../../features/auth/components/sign-in-redirect';
import { useMember } from '../../features/session';

/**
 * §6: card linking needs a signed-in member; anyone else goes to sign in (/login, or the
 * partner's single sign-on). Enrolment pages do not save a login redirect (§4), so none is saved.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { member, isLoading } = useMember();
  if (isLoading) return <Spinner label="Loading" size="large" block />;
  if (!member) return <SignInRedirect />;
  return <>{children}</>;
}
