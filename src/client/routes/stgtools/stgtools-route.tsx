import { usePartner } from '../../lib/partner';
import { NotFoundPage } from '../../components/not-found-page';
import { useDocumentTitle } from '../../components/use-document-title';
import { CurrentMember } from '../../features/stgtools/components/current-member';
import { DemoMembers } from '../../features/stgtools/components/demo-members';
import { DineNow } from '../../features/stgtools/components/dine-now';
import { PartnerNumbers } from '../../features/stgtools/components/partner-numbers';
import { Outbox } from '../../features/stgtools/components/outbox';
import { SurveyResponses } from '../../features/stgtools/components/survey-responses';
import { MaintenanceSwitch } from '../../features/stgtools/components/maintenance-switch';
import styles from '../../features/stgtools/components/stgtools.module.css';

/**
 * §2 /stgtools (never in production): demo members and their credentials with 'Sign in as',
 * the current member's tier and type switch, "Dine now" for the signed-in card member, the
 * missing-reward claims in review, and the e-mail outbox, so every member state can be seen by hand.
 */
export function StgtoolsRoute() {
  const partner = usePartner();
  useDocumentTitle(`Staging tools | ${partner.name}`);
  // The router leaves the route out in production; this guards a misconfigured build.
  if (partner.environment === 'production') return <NotFoundPage />;
  return (
    <div className={`container ${styles.page}`}>
      <h1>Staging tools</h1>
      <p className={styles.muted}>For testing only; this page does not exist in production.</p>
      <CurrentMember />
      <DineNow />
      <DemoMembers />
      <PartnerNumbers />
      <SurveyResponses />
      <MaintenanceSwitch />
      <Outbox />
    </div>
  );
}
