import { useState, type ReactNode } from 'react';
import { Link } from '#client/lib/router';
import type { PartnerConfig } from '#shared/schemas/partner';
import { usePartner } from '../../lib/partner';
import { RichText } from '../../components/rich-text';
import { NewTabHint, SmartLink } from '../../components/smart-link';
import { supportContact } from '../../components/contact-links';
import { safeUrl } from '#shared/rules/safe-url';
import { useFooterContent } from '../../features/content';
import { footerAuthLink } from './chrome-content';
import { useMember } from '../../features/session/api';
import { userStateOf } from '../../features/session/user-state';
import { customerSupportFor } from '#shared/rules/partner-features';
import { currentPlatform, type Platform } from '../../components/platform';
import { AppStoreBadge, GooglePlayBadge, NetworkLogo } from '../../components/badges';
import styles from './footer.module.css';

/**
 * §2 footer: store badges, logo chain, primary links ending with the auth link, secondary links,
 * copyright with the support contact (the VIP line for VIP members), legal disclaimer, partner and network logos.
 */
export function Footer() {
  const partner = usePartner();
  const footer = useFooterContent();
  const [platform] = useState<Platform>(currentPlatform);
  const { member } = useMember();
  const auth = footerAuthLink(partner.enrollmentType, userStateOf(member));
  const contact = supportContact(customerSupportFor(partner, member).email);
  const year = new Date().getFullYear();
  const chain = footerLogoChain(partner);
  // The partner's own logo once: in the chain when the chain shows it, else in the logo row.
  const chainShowsPartnerLogo = chain.includes(partnerLogoPath(partner.code));

  return (
    <footer className={styles.footer}>
      <StoreBadges platform={platform} links={partner.storeLinks} />
      <div className={`container-wide ${styles.inner}`}>
        {chain.length > 0 && (
          <div className={styles.chain}>
            {chain.map((src, i) => (
              <img key={i} src={src} alt={src === partnerLogoPath(partner.code) ? partner.name : ''} loading="lazy" height={32} />
            ))}
          </div>
        )}
        {(footer.primaryLinks.length > 0 || footer.secondaryLinks.length > 0 || auth) && (
          <nav className={styles.links} aria-label="Footer">
            {(footer.primaryLinks.length > 0 || auth) && (
              <ul className={styles.primary}>
                {footer.primaryLinks.map((l, i) => (
                  <li key={i}>
                    <SmartLink href={l.url} newTab={l.new_tab}>
                      {l.text}
                    </SmartLink>
                  </li>
                ))}
                {auth && (
                  <li>
                    <Link to={auth.to}>{auth.text}</Link>
                  </li>
                )}
              </ul>
            )}
            {footer.secondaryLinks.length > 0 && (
              <ul className={styles.secondary}>
                {footer.secondaryLinks.map((l, i) => (
                  <li key={i}>
                    <SmartLink href={l.url} newTab={l.new_tab}>
                      {l.text}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            )}
          </nav>
        )}
        <p className={styles.copyright}>
          {footer.copyright ? <RichText html={footer.copyright} inline /> : <span>{`© ${year} ${partner.name}. All rights reserved.`}</span>}
          {contact && (
            <>
              {' '}
              <span>
                Customer support:{' '}
                {contact.newTab ? (
                  <a href={contact.href} target="_blank" rel="noopener noreferrer">
                    {contact.text}
                    <NewTabHint />
                  </a>
                ) : (
                  <a href={contact.href}>{contact.text}</a>
                )}
              </span>
            </>
          )}
        </p>
        {footer.disclaimer && <RichText html={footer.disclaimer} className={styles.disclaimer} />}
        <div className={styles.logos}>
          {!chainShowsPartnerLogo && <img className={styles.partnerLogo} src={partner.logoUrl} alt={partner.name} loading="lazy" height={36} />}
          {partner.showNetworkLogo && <NetworkLogo className={styles.network} />}
        </div>
      </div>
    </footer>
  );
}

/** Where the server serves a partner's logo by code (partner-config.ts turns logoChain codes into these). */
export function partnerLogoPath(code: string): string {
  return `/partner/logos/${encodeURIComponent(code)}.svg`;
}

/**
 * §2 logo chain as the footer shows it: safe addresses only, and never another partner's logo
 * (issue 13: upromise showed FTCH's). A chain is the partner's own brand marks; an entry naming
 * another partner's logo is configuration gone wrong and is left out rather than shown.
 */
export function footerLogoChain(partner: Pick<PartnerConfig, 'code' | 'logoChain'>): string[] {
  const own = partnerLogoPath(partner.code).toLowerCase();
  return partner.logoChain
    .map(safeUrl)
    .filter((u): u is string => !!u)
    .filter((u) => {
      const partnerLogo = /^\/partner\/logos\/[^/?#]+\.svg$/i.test(u);
      return !partnerLogo || u.toLowerCase() === own;
    });
}

function StoreBadge({ href, badge, label }: { href: string; badge: ReactNode; label: string }) {
  return (
    <li>
      <a className={styles.badgeLink} href={href} target="_blank" rel="noopener noreferrer">
        {badge}
        <span className="visually-hidden">{label}</span>
        <NewTabHint />
      </a>
    </li>
  );
}

/** §2 store-badge row: none inside the native app, iOS only on iOS, Android only on Android, both elsewhere. */
function StoreBadges({ platform, links }: { platform: Platform; links: { ios: string; android: string } | null }) {
  if (!links || platform === 'native') return null;
  const ios = platform !== 'android' ? safeUrl(links.ios) : null;
  const android = platform !== 'ios' ? safeUrl(links.android) : null;
  if (!ios && !android) return null;
  return (
    <div className={styles.badgeRow}>
      <ul className={`container-wide ${styles.badges}`} aria-label="Get the app">
        {ios && <StoreBadge href={ios} badge={<AppStoreBadge />} label="Download on the App Store" />}
        {android && <StoreBadge href={android} badge={<GooglePlayBadge />} label="Get it on Google Play" />}
      </ul>
    </div>
  );
}
