import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import styles from './overview.module.css';

const KIND = { viewed: 'looked at your account', viewedAsYou: 'viewed your account as you see it (read only)' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * When our team looked at the member's account (issue 27): from the operator console, each time
 * a member of staff opened the account or viewed it as the member. Shown only when there is any.
 */
export function AccountAccess() {
  const access = useQuery({ queryKey: ['member', 'account-access'], queryFn: ({ signal }) => call(API_PATHS.accountAccess, { signal }), staleTime: 60_000 });
  const rows = access.data?.access ?? [];
  if (rows.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="account-access-title">
      <h2 id="account-access-title" className={styles.cardTitle}>Account access by our team</h2>
      <ul>
        {rows.slice(0, 10).map((r, i) => <li key={i}>{`${when(r.at)}: ${r.team} ${KIND[r.kind]}.`}</li>)}
      </ul>
    </section>
  );
}
