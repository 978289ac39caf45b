import { useSupportLinks } from '../../session';

/** "contact customer support: <e-mail> or <phone>." — the member's own line (VIP members have theirs). */
export function SupportContact() {
  const links = useSupportLinks();
  if (!links) return null;
  return (
    <>
      {'Customer support: '}
      {links}
      .
    </>
  );
}
