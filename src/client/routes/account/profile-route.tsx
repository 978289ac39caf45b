import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { ProfileForm } from '../../features/account/components/profile-form';

export const PROFILE_TITLE = 'Member Profile';

/** §2 /account/user_profile. */
export function ProfileRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${PROFILE_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return <ProfileForm member={member} title={PROFILE_TITLE} />;
}
