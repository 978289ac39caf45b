import type { Member } from '#shared/schemas/member';
import type { UserState } from '#shared/constants/member';

export type { UserState };

/**
 * §4 member states (as content user_states name them): a signed-in member by member type; with
 * no member, a known visitor when a public id was captured on arrival, else anonymous.
 */
export function userStateOf(member: Pick<Member, 'memberType'> | null | undefined, knownPublicId?: string | null): UserState {
  if (member) {
    switch (member.memberType) {
      case 'ClosedAccountMember': return 'closed_account_member';
      case 'EnrolledCardMember': return 'card_member';
      case 'NonCardMember': return 'non_card_member';
    }
  }
  return knownPublicId ? 'known_visitor' : 'anonymous';
}
