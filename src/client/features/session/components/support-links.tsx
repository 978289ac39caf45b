import type { ReactNode } from 'react';
import { supportContact, telHref } from '#client/components/contact-links';
import { NewTabHint } from '#client/components/smart-link';
import { useCustomerSupport } from '../customer-support';

/**
 * The member's customer support as links, "<e-mail> or <phone>" (VIP members have their own
 * line): the e-mail (or a support page, in a new tab) and the phone, whichever are configured;
 * null when neither is.
 */
export function useSupportLinks(): ReactNode | null {
  const support = useCustomerSupport();
  const email = supportContact(support.email);
  const phone = support.phone.formatted.trim() ? support.phone : null;
  if (!email && !phone) return null;
  return (
    <>
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
    </>
  );
}
