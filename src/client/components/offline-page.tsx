import { useEffect, useRef } from 'react';
import { useOnline } from '../lib/network';
import { Button } from './button';
import { StatusIllustration, StatusPage, Stroke } from './status-page';
import styles from './offline.module.css';

export const OFFLINE_TITLE = 'You\u2019re offline';

/** What still works without a connection, and what needs one (said on the page and in the bar). */
export const OFFLINE_STILL_WORKS = 'Pages you have already opened still show what they loaded, and you can move between them.';
export const OFFLINE_NEEDS_CONNECTION = 'Searching, opening a new restaurant, booking a table, linking a card and saving changes need a connection.';

/**
 * In place of a page that could not load because the connection is gone (issue 25 item 6): not
 * the server-error page, since nothing failed on our side. When the browser is back online the
 * page tries again by itself (`onRetry`); 'Try again' does the same at once.
 */
export function OfflinePage({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  const retry = useRef(onRetry);
  retry.current = onRetry;
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      retry.current();
    }
  }, [online]);
  return (
    <StatusPage title={online ? 'This page didn\u2019t load' : OFFLINE_TITLE} illustration={<OfflineIllustration />} actions={<Button onClick={onRetry}>Try again</Button>}>
      <p>{online ? 'We couldn\u2019t reach our server. Check your connection and try again.' : 'This page needs a connection to load. It will load by itself when you\u2019re back online.'}</p>
      <p>{OFFLINE_STILL_WORKS} {OFFLINE_NEEDS_CONNECTION}</p>
    </StatusPage>
  );
}

/**
 * A bar across the top while the browser is offline, on every page: what still works and that
 * the page updates when the connection is back. Fixed, so nothing on the page moves for it.
 */
export function OfflineBar() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.bar} role="status">
      <strong>{OFFLINE_TITLE}.</strong> {OFFLINE_STILL_WORKS} {OFFLINE_NEEDS_CONNECTION}
    </div>
  );
}

function OfflineIllustration() {
  return (
    <StatusIllustration>
      <Stroke d="M18 52a62 62 0 0 1 84 0M32 66a42 42 0 0 1 56 0M46 80a22 22 0 0 1 28 0" width={6} />
      <circle cx="60" cy="94" r="6" fill="currentColor" />
      <Stroke d="M24 24l72 72" width={6} />
    </StatusIllustration>
  );
}
