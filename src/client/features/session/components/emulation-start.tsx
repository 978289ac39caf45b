import { useNavigate } from '#client/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { paths } from '#shared/routes';
import { call } from '#client/lib/api';
import { useFragmentGrant } from '#client/components/use-fragment-grant';
import { Spinner } from '#client/components/spinner';
import { StatusPage } from '#client/components/status-page';
import { applySignedIn } from '../api';
import { rememberEmulation } from '../emulation';

/**
 * /emulate#<grant>: the window the operator console opened for "View as member" (§6). The grant
 * (in the fragment: never sent in an address or a Referer) opens a read-only session of the
 * member once; this window is marked as the one running the view, and shows the member's account.
 */
export function EmulationStart() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const problem = useFragmentGrant(async (token) => {
    const answer = await call(API_PATHS.startEmulation, { body: { token } });
    const id = answer.member.session.emulation?.id;
    if (id) rememberEmulation(id);
    applySignedIn(queryClient, answer);
    void navigate(paths.account.overview(), { replace: true });
  }, 'The view could not be opened. Please try again from the console.');
  if (problem) return <StatusPage title="This view could not be opened">{problem}</StatusPage>;
  return <Spinner block size="large" label="Opening the member's account" />;
}
