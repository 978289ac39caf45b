import { needsAppUpdate } from '#shared/rules/native-app';
import { usePartner } from '../../lib/partner';

/**
 * Whether this page runs in a native app older than the partner's minimumAppVersion (§1). Its own
 * module: the layout asks on every page, the update-app screen it then shows loads on demand.
 */
export function useNativeAppOutdated(): boolean {
  const partner = usePartner();
  return needsAppUpdate(typeof navigator !== 'undefined' ? navigator.userAgent : '', partner.minimumAppVersion);
}
