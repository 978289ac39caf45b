import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../session/api';
import { browserLocation } from '../../lib/browser-location';

/**
 * §2 sign-out of the member area: end the session, then reload so every piece of member data in
 * memory goes. Should the call fail, the /SignOut address ends the session as a page.
 */
export function useSignOutAndReload(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await signOut(queryClient);
    } catch {
      browserLocation.assign('/SignOut');
      return;
    }
    browserLocation.reload();
  }, [queryClient]);
}
