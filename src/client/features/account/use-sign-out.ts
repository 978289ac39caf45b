import { useCallback } from 'react';
import { paths } from '#shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../session';
import { browserLocation } from '../../lib/browser-location';

/**
 * §2 sign-out of the member area: end the session, then reload so every piece of member data in
 * memory goes. Should the call fail, the /SignOut address ends the session as a page.
 */
export function useSignOutAndReload(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    let endSessionUrl: string | undefined;
    try {
      ({ endSessionUrl } = await signOut(queryClient));
    } catch {
      browserLocation.assign(paths.signOut());
      return;
    }
    // Single sign-on: the browser is already on its way to the provider, which ends its session
    // too and sends it to /SignOut.
    if (!endSessionUrl) browserLocation.reload();
  }, [queryClient]);
}
