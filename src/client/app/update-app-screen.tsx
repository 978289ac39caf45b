import { UpdateAppShell } from '../features/pwa/components/update-app-shell';
import { AppStoreBadge, GooglePlayBadge } from '../components/badges';

/** §1 what an outdated native app sees instead of the site (loaded only then: layout.tsx). */
export function UpdateAppScreen() {
  return <UpdateAppShell appStoreBadge={<AppStoreBadge />} googlePlayBadge={<GooglePlayBadge />} />;
}
