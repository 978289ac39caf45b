import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequest, ProfileUpdateRequest } from '#shared/schemas/member';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';
import { MEMBER_QUERY_KEY } from '../session';


/** PUT /api/Member: the profile (e-mail and password are not edited here, §5); the member query takes the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => call(API_PATHS.updateProfile, { body }),
    onSuccess: (result) => queryClient.setQueryData(MEMBER_QUERY_KEY, result.member),
  });
}

/** Member-scoped (dropped on sign-out with the rest of the member's data). */
export const MEMBER_EMAIL_QUERY_KEY = [...MEMBER_QUERY_KEY, 'email'] as const;

/** GET /api/Member/Email: the address, a change waiting for its link, whether a change needs the password. */
export function memberEmailQueryOptions() {
  return queryOptions({
    queryKey: MEMBER_EMAIL_QUERY_KEY,
    queryFn: ({ signal }) => call(API_PATHS.memberEmail, { signal }),
    retry: false,
  });
}

export function useMemberEmail() {
  return useQuery(memberEmailQueryOptions());
}

/** POST /api/Member/Email: the link goes to the new address; the pending change is the answer. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChangeRequest) => call(API_PATHS.changeEmail, { body }),
    onSuccess: (answer) => queryClient.setQueryData(MEMBER_EMAIL_QUERY_KEY, answer),
  });
}

/** POST /api/Member/Email/Confirm: the link's token; a signed-in member's data is read again (the address changed). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(API_PATHS.confirmEmail, { body: { token } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MEMBER_EMAIL_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_KEY, exact: true });
    },
  });
}
