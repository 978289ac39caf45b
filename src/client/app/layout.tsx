import { Outlet } from 'react-router';
import { TopBar } from './chrome/top-bar';
import { Footer } from './chrome/footer';
import { SkipLink } from './chrome/skip-link';
import { useRouteEffects } from './route-effects';
import { ToastProvider } from '../components/toast';
import styles from './layout.module.css';

export function AppLayout() {
  useRouteEffects();
  return (
    <ToastProvider>
      <div className={styles.app}>
        <SkipLink />
        <TopBar />
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        <Footer />
      </div>
    </ToastProvider>
  );
}
