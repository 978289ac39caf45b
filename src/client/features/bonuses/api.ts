import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';
import { MEMBER_QUERY_KEY } from '../session';
import { rememberBonus } from './markers';

/**
 * §7 POST /api/Member/Bonus/{code} (X-XSRF-TOKEN, no body; true on success). On success the code
 * is remembered in this browser for 35 minutes (§4) and the member, whose activeBonuses say
 * Enrolled now, is fetched again. Never queued offline: it needs a live answer.
 */
export function registerForBonus(code: string): Promise<true> {
  return call(API_PATHS.registerBonus, { params: { code } });
}

export function useRegisterBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => registerForBonus(code),
    onSuccess: (_done, code) => {
      rememberBonus(code);
      void queryClient.refetchQueries({ queryKey: MEMBER_QUERY_KEY, exact: true });
    },
  });
}
