import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '#client/lib/router';
import { sessionTimers } from '#shared/rules/session-timers';
import { paths } from '#shared/routes';
import { useToast } from '../../components/toast';
import { MEMBER_QUERY_KEY, useMember } from './api';

export const SESSION_WARNING_MESSAGE = 'Your session will expire in one minute. Select this message to stay signed in.';

/**
 * §4 session timers: one minute before the session ends a warning toast whose click refetches
 * the member (which renews the session on the server); at the end, the browser goes to /SignOut.
 * Only when the session ends within 24 hours and the member has a public id. Every refetch brings
 * a new expiresAt, which restarts the timers.
 */
export function useSessionTimers() {
  const { member } = useMember();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const expiresAt = member?.session?.expiresAt ?? null;
  const publicId = member?.publicId ?? null;

  useEffect(() => {
    const timers = sessionTimers({ expiresAt, now: Date.now(), publicId });
    if (!timers) return;
    let toastId: number | undefined;
    const warn = setTimeout(() => {
      toastId = toast.show({
        kind: 'warning',
        message: SESSION_WARNING_MESSAGE,
        duration: null,
        onAction: () => void queryClient.refetchQueries({ queryKey: MEMBER_QUERY_KEY, exact: true }),
      });
    }, timers.warnIn);
    const expire = setTimeout(() => {
      if (toastId !== undefined) toast.dismiss(toastId);
      toastId = undefined;
      void navigate(paths.signOut());
    }, timers.expireIn);
    return () => {
      clearTimeout(warn);
      clearTimeout(expire);
      if (toastId !== undefined) toast.dismiss(toastId);
    };
  }, [expiresAt, publicId, queryClient, navigate, toast]);
}
