import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '#client/lib/router';
import { openDuringMaintenance } from '#shared/rules/promotions-maintenance';
import { usePartner } from '../lib/partner';
import { TopBar } from './chrome/top-bar';
import { SkipLink } from './chrome/skip-link';
import { MaintenanceNotice } from './chrome/maintenance-notice';
import { MemberBody } from './member-body';
import { useRouteEffects } from './route-effects';
import { useAfterFirstPaint } from '../components/after-first-paint';
import { TurnTaken, useIdleTurn } from '../components/idle-turns';
import { ToastProvider } from '../components/toast';
import { OfflineBar } from '../components/offline-page';
import { DeferredPart } from '../components/deferred-part';
import { lazyScreen } from '../components/lazy-screen';
import { useRefetchAfterReconnect } from '../lib/reconnect';
import { useArrival } from '../features/session/arrival';
import { useRefetchMemberOnNavigation } from '../features/session/api';
import { useCsrfPlaceholderToast } from '../features/session/csrf-toast';
import { useNativeAppOutdated } from '../features/pwa/native-app-outdated';
import { InterruptionQueue } from '../features/interruptions';
// Kept from the first load: Chromium may offer the install prompt before the banner's chunk arrives.
import '../features/pwa/install-prompt';
import styles from './layout.module.css';

// Not on the first screen: loaded once it has painted (deferred-chrome.tsx says what and why).
// Each in its own boundary (DeferredPart): a chunk lost to the connection leaves the page standing.
// The footer comes in its turn, after the page's own deferred parts (idle-turns.ts): drawn with
// them, it made one long task. The banners and the rest of the chrome come at once, together:
// what interrupts (a modal, the install banner, the survey) must all be known to the interruption
// queue in the same moment, or the first to come would take a place another has the right to.
const loadDeferred = () => import('./deferred-chrome');
const DeferredChrome = lazyScreen(loadDeferred, 'DeferredChrome');
const DeferredBanners = lazyScreen(loadDeferred, 'DeferredBanners');
// Below the page: drawn once the first screen has painted (nothing above it moves when it comes).
const Footer = lazyScreen(() => import('./chrome/footer'), 'Footer');
// Only an outdated native app sees it.
const UpdateAppScreen = lazy(async () => ({ default: (await import('./update-app-screen')).UpdateAppScreen }));

export function AppLayout() {
  useRouteEffects();
  const painted = useAfterFirstPaint();
  const [footerTurn, footerDone] = useIdleTurn();
  // §1: a native app older than the partner's minimumAppVersion sees only the update-app screen.
  const outdatedApp = useNativeAppOutdated();
  if (outdatedApp) {
    return (
      <Suspense fallback={null}>
        <UpdateAppScreen />
      </Suspense>
    );
  }
  return (
    <ToastProvider>
      <SessionEffects />
      {/* One interruption at a time: every modal, banner and prompt that opens by itself asks it (issue 25). */}
      <InterruptionQueue>
        <div className={styles.app}>
          <SkipLink />
          <TopBar />
          {painted && (
            <DeferredPart>
              <DeferredBanners />
            </DeferredPart>
          )}
          <main id="main" tabIndex={-1} className={styles.main}>
            <PageBody />
          </main>
          {footerTurn && (
            <DeferredPart>
              <Footer />
              <TurnTaken onTaken={footerDone} />
            </DeferredPart>
          )}
        </div>
        {painted && (
          <DeferredPart>
            <DeferredChrome />
          </DeferredPart>
        )}
      </InterruptionQueue>
      <OfflineBar />
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

/** §4 session behaviour needed from the first render; inside the toast provider because its warnings are toasts. */
function SessionEffects() {
  const queryClient = useQueryClient();
  useRefetchMemberOnNavigation(queryClient);
  useArrival();
  useCsrfPlaceholderToast();
  useRefetchAfterReconnect(queryClient);
  return null;
}
