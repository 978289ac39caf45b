import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from '#client/lib/router';
import { useMember } from '../features/session/api';

// Only a closed-account member sees it: loaded then, not with everyone's first page.
const ReEnrolmentPage = lazy(async () => ({ default: (await import('../features/account/components/re-enrolment-page')).ReEnrolmentPage }));

/** Pages a closed-account member still reaches: signing out, and the staging tools that put them in that state. */
const CLOSED_ACCOUNT_PASSES = /^\/(SignOut|stgtools)(\/|$)/i;

/** The page body: §2 a closed-account member sees the re-enrolment page instead of the route. */
export function MemberBody() {
  const { member } = useMember();
  const { pathname } = useLocation();
  if (member?.memberType === 'ClosedAccountMember' && !CLOSED_ACCOUNT_PASSES.test(pathname)) {
    return (
      <Suspense fallback={null}>
        <ReEnrolmentPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
