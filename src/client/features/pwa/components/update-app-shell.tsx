import type { ReactNode } from 'react';
import { Navigate, useLocation } from '#client/lib/router';
import { paths } from '#shared/routes';
import { usePartner } from '../../../lib/partner';
import { UpdateApp } from './update-app';
import styles from './update-app.module.css';

export { useNativeAppOutdated } from '../native-app-outdated';

/**
 * What an outdated native app sees instead of the site (§1 update-app screen): the partner's logo
 * and the update screen at /update_app, nothing else (no menus, banners, popups or prompts);
 * any other address leads there.
 */
export function UpdateAppShell({ appStoreBadge, googlePlayBadge }: { appStoreBadge: ReactNode; googlePlayBadge: ReactNode }) {
  const partner = usePartner();
  const { pathname } = useLocation();
  if (pathname !== paths.updateApp()) return <Navigate to={paths.updateApp()} replace />;
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <img src={partner.logoUrl} alt={partner.name} height={36} />
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <UpdateApp appStoreBadge={appStoreBadge} googlePlayBadge={googlePlayBadge} />
      </main>
    </div>
  );
}
