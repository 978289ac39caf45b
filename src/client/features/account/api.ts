import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, ProfileUpdateRequest } from '#shared/schemas/member';
import { api } from '../../lib/api';
import { MEMBER_QUERY_KEY } from '../session';

export type ProfileUpdateResponse = { member: Member; changed: boolean };

/** PUT /api/Member: the profile (e-mail and password are not edited here, §5); the member query takes the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => api<ProfileUpdateResponse>('/api/Member', { method: 'PUT', body }),
    onSuccess: (result) => queryClient.setQueryData(MEMBER_QUERY_KEY, result.member),
  });
}
