import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateRequest } from '#shared/schemas/member';
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
