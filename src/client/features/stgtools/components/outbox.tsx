import { useQuery } from '@tanstack/react-query';
import { Spinner } from '#client/components/spinner';
import { outboxQueryOptions } from '../api';
import { linkify } from '../linkify';
import { messageOf } from '../message-of';
import { localDateTime, ToolSection } from './tool-section';
import styles from './stgtools.module.css';

/** The e-mail outbox (demo accounts' and the viewer's own), with the links of each text body clickable. */
export function Outbox() {
  const query = useQuery(outboxQueryOptions());
  return (
    <ToolSection title="Outbox" query={query}>
      <p>E-mails sent to the demo accounts, and to you when you are signed in. Other people's e-mails are never shown here.</p>
      {query.isPending && <Spinner label="Loading the outbox" />}
      {query.isError && <p role="alert">The outbox could not be loaded: {messageOf(query.error)}</p>}
      {query.data && query.data.messages.length === 0 && <p>No e-mails to show yet.</p>}
      {query.data && query.data.messages.length > 0 && (
        <ul className={styles.outbox}>
          {query.data.messages.map((m) => (
            <li key={m.id} className={styles.mail}>
              <p className={styles.subject}>{m.subject}</p>
              <p className={styles.muted}>
                To {m.to} · <time dateTime={m.createdAt}>{localDateTime(m.createdAt)}</time>
              </p>
              <details>
                <summary>Text body</summary>
                <pre className={styles.body}>{linkify(m.textBody)}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </ToolSection>
  );
}
