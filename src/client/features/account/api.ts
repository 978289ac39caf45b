import type { Member, ProfileUpdateRequest } from '../../../shared/schemas/member';
import { api } from '../../lib/api';

export type ProfileUpdateResponse = { member: Member; changed: boolean };

/** PUT /api/Member: the profile (e-mail and password are not edited here, §5). */
export function updateProfile(body: ProfileUpdateRequest): Promise<ProfileUpdateResponse> {
  return api<ProfileUpdateResponse>('/api/Member', { method: 'PUT', body });
}
