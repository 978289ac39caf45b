import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link, useNavigate, useParams } from '#client/lib/router';
import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { normalizeReference, REFERENCE_FORMAT_MESSAGE, REFERENCE_PATTERN } from '#shared/rules/reference-code';
import type { OpsErrorDetail, StaffMe } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf } from '../api';
import { when } from '../parts';

/**
 * Error look-up (issue 27 item 8): the reference code a member reads on the error page, typed as
 * they read it; /errors/:reference links straight to one. Focus goes to the answer, or to what
 * went wrong.
 */
export function ErrorLookupScreen({ me }: { me: StaffMe }) {
  const reference = useParams().reference;
  const navigate = useNavigate();
  const [text, setText] = useState(reference ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const answer = useRef<HTMLHeadingElement>(null);
  const failure = useRef<HTMLDivElement>(null);
  const lookUp = useQuery({
    queryKey: ['ops', 'error', reference],
    queryFn: () => call(API_PATHS.opsErrorLookup, { params: { reference: reference! } }),
    enabled: Boolean(reference),
  });
  useEffect(() => {
    if (lookUp.data) answer.current?.focus();
    else if (lookUp.isError) failure.current?.focus();
  }, [lookUp.data, lookUp.isError]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = normalizeReference(text);
    if (!REFERENCE_PATTERN.test(code)) {
      setFieldError(code ? REFERENCE_FORMAT_MESSAGE : 'Enter the reference code.');
      input.current?.focus();
      return;
    }
    setFieldError(null);
    if (code === reference) void lookUp.refetch();
    else void navigate(`/errors/${code}`);
  };

  return (
    <section aria-labelledby="errors-title">
      <h1 id="errors-title">Error look-up</h1>
      <form className="console-search" role="search" aria-label="Look up an error" noValidate onSubmit={submit}>
        <TextField ref={input} label="Reference code" hint="As on the member's error page: 10 letters and digits. Case, spaces and dashes do not count."
          value={text} onChange={(e) => setText(e.target.value)} error={fieldError} required autoComplete="off" spellCheck={false} autoCapitalize="characters" maxLength={40} />
        <Button type="submit">Look up</Button>
      </form>
      {lookUp.isFetching && <Spinner label="Looking up the error" />}
      {lookUp.isError && !lookUp.isFetching && <FormBanner ref={failure}>{messageOf(lookUp.error)}</FormBanner>}
      {lookUp.data && !lookUp.isFetching && <ErrorFacts error={lookUp.data} me={me} headingRef={answer} />}
    </section>
  );
}

function ErrorFacts({ error, me, headingRef }: { error: OpsErrorDetail; me: StaffMe; headingRef: Ref<HTMLHeadingElement> }) {
  const where = error.source === 'server' ? `API call ${[error.method, error.route].filter(Boolean).join(' ')}` : `Page ${error.route}`;
  return (
    <section aria-labelledby="error-found" className="console-section">
      <h2 id="error-found" ref={headingRef} tabIndex={-1}>{`Error ${error.reference}`}</h2>
      <dl className="console-facts">
        <dt>When</dt><dd>{when(error.at)}</dd>
        <dt>Seen by</dt><dd>{error.source === 'server' ? 'The server (its answer gave the code)' : "The member's browser (it reported the error)"}</dd>
        <dt>Where</dt><dd>{where}</dd>
        <dt>What the member saw</dt><dd>{error.seen}</dd>
        <dt>Error</dt><dd>{`${error.name}: ${error.message || '(no message)'}`}</dd>
        <dt>Status</dt><dd>{error.status ?? '–'}</dd>
        <dt>Request id</dt><dd>{error.requestId}</dd>
        <dt>Partner</dt><dd>{error.partner ? `${error.partner.name} (${error.partner.code})` : 'None (the console itself)'}</dd>
        <dt>Member</dt>
        <dd>{error.memberId === null ? 'Nobody was signed in.' : may(me, 'members.read') ? <Link to={`/members/${error.memberId}`}>{`Member ${error.memberId}`}</Link> : `Member ${error.memberId}`}</dd>
      </dl>
    </section>
  );
}
