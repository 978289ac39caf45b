import { useQueryClient } from '@tanstack/react-query';
import { TopBar } from './chrome/top-bar';
import { Footer } from './chrome/footer';
import { SkipLink } from './chrome/skip-link';
import { SsoTemporaryModal } from './chrome/sso-temporary-modal';
import { MemberBody } from './member-body';
import { useRouteEffects } from './route-effects';
import { ToastProvider } from '../components/toast';
import { useArrival } from '../features/session/arrival';
import { useRefetchMemberOnNavigation } from '../features/session/api';
import { useSessionTimers } from '../features/session/session-timers';
import { useCsrfPlaceholderToast } from '../features/session/csrf-toast';
import styles from './layout.module.css';

export function AppLayout() {
  useRouteEffects();
  return (
    <ToastProvider>
      <SessionEffects />
      <div className={styles.app}>
        <SkipLink />
        <TopBar />
        <main id="main" tabIndex={-1} className={styles.main}>
          <MemberBody />
        </main>
        <Footer />
      </div>
      <SsoTemporaryModal />
    </ToastProvider>
  );
}

/** §4 session behaviour; inside the toast provider because its warnings are toasts. */
function SessionEffects() {
  const queryClient = useQueryClient();
  useRefetchMemberOnNavigation(queryClient);
  useArrival();
  useSessionTimers();
  useCsrfPlaceholderToast();
  return null;
}
