import { supportContact, telHref } from '#client/components/contact-links';
import { NewTabHint } from '#client/components/smart-link';
import { useCustomerSupport } from '../../account';

/** "contact customer support: <e-mail> or <phone>." — the member's own line (VIP members have theirs). */
export function SupportContact() {
  const support = useCustomerSupport();
  const email = supportContact(support.email);
  const phone = support.phone.formatted.trim() ? support.phone : null;
  if (!email && !phone) return null;
  return (
    <>
      {'Customer support: '}
      {email && (
        <a href={email.href} {...(email.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {email.text}
          {email.newTab && <NewTabHint />}
        </a>
      )}
      {email && phone && ' or '}
      {phone && (
        <a href={telHref(phone.href || phone.formatted)} style={{ whiteSpace: 'nowrap' }}>
          {phone.formatted}
        </a>
      )}
      .
    </>
  );
}
