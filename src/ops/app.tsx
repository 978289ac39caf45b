import type { ReactNode } from 'react';
import { NavLink, Navigate, Route, Routes, useLocation, useNavigate } from '#client/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { ROLE_LABELS, type OpsPermission } from '#shared/rules/ops-permissions';
import type { StaffMe } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { setCsrfToken } from '#client/lib/csrf';
import { Button } from '#client/components/button';
import { Spinner } from '#client/components/spinner';
import { ME_KEY, may, useMe } from './api';
import { SignInScreen } from './screens/sign-in';
import { SetupScreen } from './screens/setup';
import { MembersScreen } from './screens/members';
import { MemberScreen } from './screens/member';
import { ClaimsScreen } from './screens/claims';
import { ApprovalsScreen } from './screens/approvals';
import { RedemptionHoldsScreen } from './screens/holds';
import { AuditScreen } from './screens/audit';
import { ErrorLookupScreen } from './screens/errors';
import { StaffScreen } from './screens/staff';
import { ReportsScreen } from './screens/reports';
import { CardEventsScreen } from './screens/events';
import { SettingsScreen } from './screens/settings';
import { ContentScreen } from './screens/content';

/** The console's screens (docs/features/console.md); each needs the permission of its calls. */
const SCREENS: Array<{ path: string; label: string; permission: OpsPermission }> = [
  { path: '/members', label: 'Members', permission: 'members.read' },
  { path: '/claims', label: 'Claims queue', permission: 'claims.read' },
  { path: '/approvals', label: 'Approvals', permission: 'adjustments.read' },
  { path: '/redemption-holds', label: 'Redemptions on hold', permission: 'redemptions.read' },
  { path: '/events', label: 'Card events', permission: 'events.read' },
  { path: '/errors', label: 'Error look-up', permission: 'errors.read' },
  { path: '/audit', label: 'Audit log', permission: 'audit.read' },
  { path: '/reports', label: 'Reports', permission: 'reports.read' },
  { path: '/settings', label: 'Partner settings', permission: 'settings.read' },
  { path: '/content', label: 'Content', permission: 'content.read' },
  { path: '/staff', label: 'Staff', permission: 'staff.manage' },
];

export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInScreen />} />
      <Route path="/setup" element={<SetupScreen />} />
      <Route path="*" element={<Gate />} />
    </Routes>
  );
}

/** Signed-in staff only; the screens the role may use. */
function Gate() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <div className="console-centre"><Spinner label="Loading the console" /></div>;
  if (!me.data) return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  const staff = me.data;
  const home = SCREENS.find((s) => may(staff, s.permission))?.path;
  const guard = (permission: OpsPermission, element: ReactNode) => (may(staff, permission) ? element : <NoAccess />);
  return (
    <Shell me={staff}>
      <Routes>
        <Route path="/" element={home ? <Navigate to={home} replace /> : <NoAccess />} />
        <Route path="/members" element={guard('members.read', <MembersScreen />)} />
        <Route path="/members/:memberId" element={guard('members.read', <MemberScreen me={staff} />)} />
        <Route path="/claims" element={guard('claims.read', <ClaimsScreen me={staff} />)} />
        <Route path="/approvals" element={guard('adjustments.read', <ApprovalsScreen me={staff} />)} />
        <Route path="/redemption-holds" element={guard('redemptions.read', <RedemptionHoldsScreen me={staff} />)} />
        <Route path="/events" element={guard('events.read', <CardEventsScreen me={staff} />)} />
        <Route path="/errors" element={guard('errors.read', <ErrorLookupScreen me={staff} />)} />
        <Route path="/errors/:reference" element={guard('errors.read', <ErrorLookupScreen me={staff} />)} />
        <Route path="/audit" element={guard('audit.read', <AuditScreen />)} />
        <Route path="/reports" element={guard('reports.read', <ReportsScreen />)} />
        <Route path="/settings" element={guard('settings.read', <SettingsScreen me={staff} />)} />
        <Route path="/content" element={guard('content.read', <ContentScreen me={staff} />)} />
        <Route path="/staff" element={guard('staff.manage', <StaffScreen me={staff} />)} />
        <Route path="*" element={<h1>There is no such page in the console.</h1>} />
      </Routes>
    </Shell>
  );
}

function NoAccess() {
  return (
    <section aria-labelledby="no-access">
      <h1 id="no-access">No access yet</h1>
      <p>Your account has no role that opens this page. Ask an administrator to give you a role and your partners.</p>
    </section>
  );
}

function Shell({ me, children }: { me: StaffMe; children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    const { csrfToken } = await call(API_PATHS.opsSignOut);
    setCsrfToken(csrfToken);
    queryClient.clear();
    queryClient.setQueryData(ME_KEY, null);
    void navigate('/sign-in', { replace: true });
  };
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="console-header">
        <span className="console-brand">Operator console</span>
        <nav aria-label="Console">
          <ul>
            {SCREENS.filter((s) => may(me, s.permission)).map((s) => (
              <li key={s.path}><NavLink to={s.path}>{s.label}</NavLink></li>
            ))}
          </ul>
        </nav>
        <span className="console-who">{`${me.name}, ${ROLE_LABELS[me.role]}`}</span>
        <Button variant="secondary" onClick={() => void signOut()}>Sign out</Button>
      </header>
      <main id="main" className="console-main" tabIndex={-1}>{children}</main>
    </>
  );
}
