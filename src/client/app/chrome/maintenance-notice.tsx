import { useLocation } from '#client/lib/router';
import { paths } from '#shared/routes';
import {
  MAINTENANCE_BODY, MAINTENANCE_MESSAGES, MAINTENANCE_TITLE, maintenanceShowsHomeLink, maintenanceTopic,
} from '#shared/rules/promotions-maintenance';
import { LinkButton } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePartner } from '../../lib/partner';

/**
 * §2 maintenance notice, in place of the page body while the partner's switch (or the global one)
 * is on: 'We're Working On It', the message for this path (/login, /join, any other) and a link
 * to / (not on / itself).
 */
export function MaintenanceNotice() {
  const { pathname } = useLocation();
  const partner = usePartner();
  useDocumentTitle(`${MAINTENANCE_TITLE} | ${partner.name}`);
  return (
    <StatusPage
      title={MAINTENANCE_TITLE}
      actions={maintenanceShowsHomeLink(pathname) ? <LinkButton to={paths.home()}>Go to the home page</LinkButton> : undefined}
    >
      <p>{MAINTENANCE_MESSAGES[maintenanceTopic(pathname)]}</p>
      <p>{MAINTENANCE_BODY}</p>
    </StatusPage>
  );
}
