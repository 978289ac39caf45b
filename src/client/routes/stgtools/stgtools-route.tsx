import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member } from '../../../shared/schemas/member';
import { MEMBER_TYPES, type MemberType } from '../../../shared/constants/member';
import { usePartner } from '../../lib/partner';
import { ApiError } from '../../lib/api';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { applySignedIn, MEMBER_QUERY_KEY, useMember } from '../../features/session/api';
import { tierName } from '../../features/account/membership';
import { demoMembersQueryOptions, outboxQueryOptions, setMemberState, signInAs } from '../../features/stgtools/api';
import { linkify } from '../../features/stgtools/linkify';
import { NotFoundRoute } from '../not-found/not-found-route';
import styles from './stgtools.module.css';

const TIER_OPTIONS = [0, 1, 2, 3].map((t) => ({ value: String(t), label: `${t} – ${tierName(t)}` }));
const TYPE_OPTIONS = MEMBER_TYPES.map((t) => ({ value: t, label: t }));

function messageOf(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong.';
}

/**
 * §2 /stgtools (never in production): demo members and their credentials with 'Sign in as',
 * the current member's tier and type switch, and the e-mail outbox, so every member state can be
 * seen by hand.
 */
export function StgtoolsRoute() {
  const partner = usePartner();
  useDocumentTitle(`Staging tools | ${partner.name}`);
  // The router leaves the route out in production; this guards a misconfigured build.
  if (partner.environment === 'production') return <NotFoundRoute />;
  return (
    <div className={`container ${styles.page}`}>
      <h1>Staging tools</h1>
      <p className={styles.muted}>For testing only; this page does not exist in production.</p>
      <CurrentMember />
      <DemoMembers />
      <Outbox />
    </div>
  );
}

function CurrentMember() {
  const { member, isLoading } = useMember();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Current member</h2>
      {isLoading ? (
        <Spinner label="Loading" />
      ) : member ? (
        <>
          <p>
            <strong>
              {member.firstName} {member.lastName}
            </strong>{' '}
            ({member.email}) · tier {member.tierLevel} ({tierName(member.tierLevel)}) · {member.memberType} · {member.interfaceType}
          </p>
          <MemberStateForm key={member.publicId} member={member} />
        </>
      ) : (
        <p>Nobody is signed in.</p>
      )}
    </section>
  );
}

function MemberStateForm({ member }: { member: Member }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [tier, setTier] = useState(String(member.tierLevel));
  const [type, setType] = useState<string>(member.memberType);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    try {
      const updated = await setMemberState({
        tierLevel: tier === '' ? undefined : Number(tier),
        memberType: type === '' ? undefined : (type as MemberType),
      });
      queryClient.setQueryData(MEMBER_QUERY_KEY, updated);
      toast.show({ kind: 'success', message: `Now tier ${updated.tierLevel} (${tierName(updated.tierLevel)}), ${updated.memberType}.` });
    } catch (err) {
      toast.show({ kind: 'error', message: `The member state was not changed: ${messageOf(err)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.stateForm} onSubmit={(e) => void onSubmit(e)} aria-label="Member state">
      <SelectField label="Tier level" options={TIER_OPTIONS} placeholder="Keep" value={tier} onChange={(e) => setTier(e.target.value)} />
      <SelectField label="Member type" options={TYPE_OPTIONS} placeholder="Keep" value={type} onChange={(e) => setType(e.target.value)} />
      <Button type="submit" loading={busy}>
        Apply
      </Button>
    </form>
  );
}

function DemoMembers() {
  const query = useQuery(demoMembersQueryOptions());
  const queryClient = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const titleId = useId();
  const ssoTitleId = useId();

  const onSignInAs = async (publicId: string, label: string) => {
    setPending(publicId);
    try {
      const answer = await signInAs(publicId);
      applySignedIn(queryClient, answer);
      toast.show({ kind: 'success', message: `Signed in as ${label}.` });
    } catch (err) {
      toast.show({ kind: 'error', message: `Could not sign in as ${label}: ${messageOf(err)}` });
    } finally {
      setPending(null);
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

function Outbox() {
  const query = useQuery(outboxQueryOptions());
  const titleId = useId();
  const date = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US');
  };
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId}>Outbox</h2>
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          Refresh
        </Button>
      </div>
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
                To {m.to} · <time dateTime={m.createdAt}>{date(m.createdAt)}</time>
              </p>
              <details>
                <summary>Text body</summary>
                <pre className={styles.body}>{linkify(m.textBody)}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
