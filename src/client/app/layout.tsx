import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { openDuringMaintenance } from '#shared/rules/promotions-maintenance';
import { usePartner } from '../lib/partner';
import { TopBar } from './chrome/top-bar';
import { Footer } from './chrome/footer';
import { SkipLink } from './chrome/skip-link';
import { MaintenanceNotice } from './chrome/maintenance-notice';
import { PromotionModals } from './chrome/promotion-modals';
import { MemberBody } from './member-body';
import { useRouteEffects } from './route-effects';
import { ToastProvider } from '../components/toast';
import { useArrival } from '../features/session/arrival';
import { useRefetchMemberOnNavigation } from '../features/session/api';
import { useSessionTimers } from '../features/session/session-timers';
import { useCsrfPlaceholderToast } from '../features/session/csrf-toast';
import { useEmulationGuard } from '../features/session/emulation';
import { ActivationPrompt } from '../features/session/components/activation-prompt';
import { SurveyPrompt } from '../features/surveys';
import { InstallBanner, PwaEffects, UpdateAppShell, useNativeAppOutdated } from '../features/pwa';
import { AppStoreBadge, GooglePlayBadge } from './chrome/badges';
import styles from './layout.module.css';

export function AppLayout() {
  useRouteEffects();
  // §1: a native app older than the partner's minimumAppVersion sees only the update-app screen.
  const outdatedApp = useNativeAppOutdated();
  if (outdatedApp) return <UpdateAppShell appStoreBadge={<AppStoreBadge />} googlePlayBadge={<GooglePlayBadge />} />;
  return (
    <ToastProvider>
      <SessionEffects />
      <div className={styles.app}>
        <SkipLink />
        <TopBar />
        <ActivationPrompt />
        {/* §2/§4 PWA install banner (docs/pwa.md). */}
        <InstallBanner />
        <main id="main" tabIndex={-1} className={styles.main}>
          <PageBody />
        </main>
        <Footer />
      </div>
      {/* §4 survey prompt, fixed to the bottom of the page (issue 12). */}
      <SurveyPrompt />
      <PromotionModals />
      {/* Service worker, update prompt, PWA events, native-app bridge and update gate (docs/pwa.md). */}
      <PwaEffects />
    </ToastProvider>
  );
}

/** §2: the maintenance notice replaces the body while the switch is on (signing out and staging tools stay open). */
function PageBody() {
  const { maintenanceMode } = usePartner();
  const { pathname } = useLocation();
  if (maintenanceMode && !openDuringMaintenance(pathname)) return <MaintenanceNotice />;
  return <MemberBody />;
}

/** §4 session behaviour; inside the toast provider because its warnings are toasts. */
function SessionEffects() {
  const queryClient = useQueryClient();
  useRefetchMemberOnNavigation(queryClient);
  useArrival();
  useSessionTimers();
  useCsrfPlaceholderToast();
  useEmulationGuard();
  return null;
}
