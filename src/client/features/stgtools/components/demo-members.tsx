import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '#client/components/button';
import { Spinner } from '#client/components/spinner';
import { useToast } from '#client/components/toast';
import { tierName } from '../../account';
import { demoMembersQueryOptions, useSignInAs } from '../api';
import { messageOf } from '../message-of';
import styles from './stgtools.module.css';

/** The demo members with their credentials and 'Sign in as', and the development identity provider's accounts. */
export function DemoMembers() {
  const query = useQuery(demoMembersQueryOptions());
  const signInAs = useSignInAs();
  const toast = useToast();
  const pending = signInAs.isPending ? signInAs.variables : null;
  const titleId = useId();
  const ssoTitleId = useId();

  const onSignInAs = async (publicId: string, label: string) => {
    try {
      await signInAs.mutateAsync(publicId);
      toast.show({ kind: 'success', message: `Signed in as ${label}.` });
    } catch (err) {
      toast.show({ kind: 'error', message: `Could not sign in as ${label}: ${messageOf(err)}` });
    }
  };

  return (
    <>
      <section className={styles.section} aria-labelledby={titleId}>
        <h2 id={titleId}>Demo members</h2>
        {query.isPending && <Spinner label="Loading demo members" />}
        {query.isError && <p role="alert">Demo members could not be loaded: {messageOf(query.error)}</p>}
        {query.data && (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Demo members table (scrolls sideways)">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Password</th>
                  <th scope="col">Tier</th>
                  <th scope="col">Type</th>
                  <th scope="col">
                    <span className="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.members.map((m) => {
                  const name = `${m.firstName} ${m.lastName}`.trim() || m.label;
                  return (
                    <tr key={m.publicId}>
                      <th scope="row">
                        {name}
                        {m.label && m.label !== name && <span className={styles.muted}> — {m.label}</span>}
                      </th>
                      <td>{m.email}</td>
                      <td>{m.password ? <code>{m.password}</code> : <span className={styles.muted}>no password sign-in</span>}</td>
                      <td>
                        {m.tierLevel} ({tierName(m.tierLevel)})
                      </td>
                      <td>{m.memberType}</td>
                      <td>
                        <Button variant="secondary" loading={pending === m.publicId} onClick={() => void onSignInAs(m.publicId, name)}>
                          Sign in as <span className="visually-hidden">{name}</span>
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {query.data && query.data.ssoAccounts.length > 0 && (
        <section className={styles.section} aria-labelledby={ssoTitleId}>
          <h2 id={ssoTitleId}>Single sign-on accounts</h2>
          <p className={styles.muted}>Accounts of the development identity provider; use them on its sign-in page.</p>
          <ul className={styles.list}>
            {query.data.ssoAccounts.map((a) => (
              <li key={a.subject}>
                <strong>{a.label}</strong>: {a.email} / <code>{a.password}</code>
                {a.publicId ? null : <span className={styles.muted}> (no member yet: the first sign-in creates one)</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
