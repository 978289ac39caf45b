import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/routes';
import { CLAIM_AFTER_DAYS } from '#shared/constants/rewards';
import { supportContact, telHref } from '#client/components/contact-links';
import { NewTabHint } from '#client/components/smart-link';
import { useCustomerSupport } from '../../account';
import styles from './recent-activity.module.css';

export const MISSING_REWARDS_TITLE = 'Missing rewards?';

/**
 * §2 missing-rewards banner: a dine missing from the list can be claimed once §9's 10 days have
 * passed, on the claims page (docs/api-claims.md); customer support stays one link away (the
 * member's own line: VIP members have theirs).
 */
export function MissingRewardsBanner() {
  const support = useCustomerSupport();
  const titleId = useId();
  const email = supportContact(support.email);
  const phone = support.phone.formatted.trim() ? support.phone : null;
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.bannerTitle}>
        {MISSING_REWARDS_TITLE}
      </h2>
      <p>
        Dines usually show here within a few days. If a dine paid with a linked card is still missing {CLAIM_AFTER_DAYS} days after
        you dined, <Link to={paths.account.claims()}>claim the missing reward</Link>: we look for it in what the card networks sent us,
        and you can follow your claims there.
      </p>
      <p>
        Questions? Contact customer support
        {email || phone ? ': ' : '.'}
        {email && (
          <a href={email.href} {...(email.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {email.text}
            {email.newTab && <NewTabHint />}
          </a>
        )}
        {email && phone && ' or '}
        {phone && (
          <a className={styles.phone} href={telHref(phone.href || phone.formatted)}>
            {phone.formatted}
          </a>
        )}
        {(email || phone) && '.'}
      </p>
    </section>
  );
}
