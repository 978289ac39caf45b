import type { RefObject } from 'react';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { Modal } from '#client/components/modal';
import { NewTabHint } from '#client/components/smart-link';
import { safeUrl } from '#shared/rules/safe-url';
import { hasMembers } from '#shared/rules/partner-features';
import type { EnrollmentType } from '#shared/constants/partner';
import { usePartner } from '#client/lib/partner';
import { formatPhone, phoneHref } from '../format';
import styles from './order-online.module.css';

/** The note of §2: what an online order earns on. */
export const ONLINE_ORDER_NOTE = 'Online orders earn on the subtotal: the food and drink, before tax, tip and delivery fees. Pay with a linked card.';

/** The note as a partner's visitors read it: where nobody links a card (no enrolment), they pay with the partner's card. */
export function onlineOrderNote(partner: { enrollmentType: EnrollmentType; copyStates: { partnerName1: string } }): string {
  return hasMembers(partner) ? ONLINE_ORDER_NOTE : ONLINE_ORDER_NOTE.replace('Pay with a linked card.', `Pay with your ${partner.copyStates.partnerName1} card.`);
}

const OPTIONS = [
  { key: 'delivery', label: 'Delivery', action: 'Order delivery', text: 'Brought to your door.' },
  { key: 'takeout', label: 'Takeout', action: 'Order takeout', text: 'Order ahead and pick it up.' },
] as const;

/**
 * The §2 order-online dialog (route /merchants/{id}/Order): the restaurant's ordering options
 * (delivery, takeout) with their ordering pages, opened in a new tab, and the note that online
 * orders earn on the subtotal. A restaurant that takes no orders online says so and gives its phone.
 */
export function OrderOnlineDialog({ merchant, onClose, returnFocusRef }: { merchant: MerchantDetail; onClose: () => void; returnFocusRef?: RefObject<HTMLElement | null> }) {
  const options = OPTIONS.map((o) => ({ ...o, url: merchant.orderOnline?.[o.key] ? safeUrl(merchant.orderOnline[o.key]!) : null })).filter((o) => o.url);
  const phone = merchant.phone.trim();
  const partner = usePartner();
  return (
    <Modal open onClose={onClose} title={`Order online from ${merchant.name}`} returnFocusRef={returnFocusRef} className={styles.dialog}>
      {options.length > 0 ? (
        <>
          <ul className={styles.options} aria-label="Ways to order">
            {options.map((o) => (
              <li key={o.key} className={styles.option}>
                <div>
                  <h3 className={styles.optionTitle}>{o.label}</h3>
                  <p className={styles.optionText}>{o.text}</p>
                </div>
                <a className={styles.optionLink} href={o.url!} target="_blank" rel="noopener noreferrer">
                  {o.action}
                  <NewTabHint />
                </a>
              </li>
            ))}
          </ul>
          <p className={styles.note}>{onlineOrderNote(partner)}</p>
        </>
      ) : (
        <p>{`${merchant.name} doesn't take orders online.`}</p>
      )}
      {phone && (
        <p className={styles.phone}>
          {options.length > 0 ? 'Or order by phone: ' : 'Order by phone: '}
          <a href={phoneHref(phone)}>{formatPhone(phone)}</a>
        </p>
      )}
    </Modal>
  );
}
