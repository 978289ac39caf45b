import { Navigate } from '#client/lib/router';
import { paths } from '#shared/routes';
import { needsAppUpdate } from '#shared/rules/native-app';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePartner } from '../../lib/partner';
import { UpdateApp, UPDATE_APP_TITLE } from '../../features/pwa';
import { AppStoreBadge, GooglePlayBadge } from '../../components/badges';

/** /update_app (§1): where a native app older than the partner's minimum is sent; anyone else goes home. */
export function UpdateAppRoute() {
  const partner = usePartner();
  useDocumentTitle(UPDATE_APP_TITLE);
  if (!needsAppUpdate(navigator.userAgent, partner.minimumAppVersion)) return <Navigate to={paths.home()} replace />;
  return <UpdateApp appStoreBadge={<AppStoreBadge />} googlePlayBadge={<GooglePlayBadge />} />;
}
