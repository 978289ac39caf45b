import type { ReactNode } from 'react';
import { programName } from '#shared/rules/partner-features';
import { nativeAppVersion } from '#shared/rules/native-app';
import { StatusPage } from '../../../components/status-page';
import { safeUrl } from '#shared/rules/safe-url';
import { usePartner } from '../../../lib/partner';
import styles from './update-app.module.css';

export const UPDATE_APP_TITLE = 'Time to update the app';

type StoreBadge = { href: string; label: string; badge: ReactNode };

/**
 * §1 update-app screen: the native app is older than the partner's minimumAppVersion. Links to the
 * app's store page: the device's store on a phone, both elsewhere; the badges are passed in.
 */
export function UpdateApp({ appStoreBadge, googlePlayBadge }: { appStoreBadge: ReactNode; googlePlayBadge: ReactNode }) {
  const partner = usePartner();
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : '';
  const android = /android/i.test(ua);
  const ios = /iPad|iPhone|iPod|Macintosh/.test(ua) && !android;
  const links: StoreBadge[] = [];
  const iosUrl = partner.storeLinks ? safeUrl(partner.storeLinks.ios) : null;
  const androidUrl = partner.storeLinks ? safeUrl(partner.storeLinks.android) : null;
  if (iosUrl && !android) links.push({ href: iosUrl, label: 'Update on the App Store', badge: appStoreBadge });
  if (androidUrl && !ios) links.push({ href: androidUrl, label: 'Update on Google Play', badge: googlePlayBadge });
  const version = nativeAppVersion(ua);
  return (
    <StatusPage title={UPDATE_APP_TITLE}>
      <p>
        This version of the {programName(partner)} app{version ? ` (${version})` : ''} is no longer supported.
        {partner.minimumAppVersion ? ` Please update to version ${partner.minimumAppVersion} or later` : ' Please update it'} to keep earning and see your rewards.
      </p>
      {links.length > 0 ? (
        <ul className={styles.stores} aria-label="Update the app">
          {links.map((l) => (
            <li key={l.href}>
              <a className={styles.storeLink} href={l.href} target="_blank" rel="noopener noreferrer">
                {l.badge}
                <span className="visually-hidden">{l.label} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>Open your device&rsquo;s app store and update the app from there.</p>
      )}
    </StatusPage>
  );
}
