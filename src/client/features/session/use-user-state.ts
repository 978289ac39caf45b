import { useMember } from './api';
import { useKnownPublicId } from './arrival';
import { userStateOf, type UserState } from './user-state';

/** The §4 member state of whoever is looking at the page. */
export function useUserState(): { state: UserState; isLoading: boolean } {
  const { member, isLoading } = useMember();
  const publicId = useKnownPublicId();
  return { state: userStateOf(member, publicId), isLoading };
}
