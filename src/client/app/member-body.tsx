import { Outlet, useLocation } from 'react-router';
import { useMember } from '../features/session/api';
import { ReEnrolmentPage } from '../features/account/components/re-enrolment-page';

/** Pages a closed-account member still reaches: signing out, and the staging tools that put them in that state. */
const CLOSED_ACCOUNT_PASSES = /^\/(SignOut|stgtools)(\/|$)/i;

/** The page body: §2 a closed-account member sees the re-enrolment page instead of the route. */
export function MemberBody() {
  const { member } = useMember();
  const { pathname } = useLocation();
  if (member?.memberType === 'ClosedAccountMember' && !CLOSED_ACCOUNT_PASSES.test(pathname)) return <ReEnrolmentPage />;
  return <Outlet />;
}
