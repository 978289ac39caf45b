import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '#client/lib/router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import type { AuditEntry } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { SelectField } from '#client/components/select-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { messageOf, usePartners } from '../api';
import { Rows, when } from '../parts';

const PAGE = 100;
const COLUMNS = ['id', 'at', 'staffEmail', 'role', 'action', 'partnerCode', 'memberId', 'target', 'reason', 'before', 'after'] as const;
const cell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
/** The entries shown, as CSV (one line each, every field). */
export const auditCsv = (entries: readonly AuditEntry[]) => [COLUMNS.join(','), ...entries.map((e) => COLUMNS.map((c) => cell(e[c])).join(','))].join('\n');

/** Every staff action, newest first: search, page back, export what is shown. Read only, for everyone who may read it. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const partner = params.get('partner') ?? '';
  const [text, setText] = useState(q);
  const partners = usePartners();
  const log = useInfiniteQuery({
    queryKey: ['ops', 'audit', q, partner],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => call(API_PATHS.opsAudit, { query: { limit: PAGE, ...(q ? { q } : {}), ...(partner ? { partner } : {}), ...(pageParam ? { before: pageParam } : {}) } }),
    getNextPageParam: (last) => (last.more ? last.entries.at(-1)?.id : undefined),
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams({ ...(text.trim() ? { q: text.trim() } : {}), ...(partner ? { partner } : {}) });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([auditCsv(entries)], { type: 'text/csv' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: `audit-log-${new Date().toISOString().slice(0, 10)}.csv` });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <form className="console-search" role="search" onSubmit={search}>
        <TextField label="Action, staff e-mail, target, reason or member id" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="Partner" placeholder="All" value={partner} onChange={(e) => setParams({ ...(q ? { q } : {}), ...(e.target.value ? { partner: e.target.value } : {}) })}
          options={(partners.data?.partners ?? []).map((p) => ({ value: p.code, label: p.name }))} />
        <Button type="submit">Search</Button>
      </form>
      {log.isPending && <Spinner label="Loading the log" />}
      {log.isError && <FormBanner>{messageOf(log.error)}</FormBanner>}
      {log.data && (
        <>
          <Button variant="secondary" onClick={download} disabled={entries.length === 0}>{`Export these ${entries.length} entries (CSV)`}</Button>
          <Rows title="Entries" rows={entries} empty="No entry matches." columns={[
            ['When', (e) => when(e.at)], ['Who', (e) => `${e.staffEmail ?? '–'}${e.role ? ` (${e.role})` : ''}`], ['Action', (e) => e.action],
            ['Partner', (e) => e.partnerCode ?? '–'], ['Member', (e) => (e.memberId ? <Link to={`/members/${e.memberId}`}>{e.memberId}</Link> : '–')],
            ['Target', (e) => e.target ?? '–'], ['Reason', (e) => e.reason ?? '–'],
            ['Change', (e) => (e.before || e.after ? <details><summary>Before and after</summary><pre>{JSON.stringify({ before: e.before, after: e.after }, null, 1)}</pre></details> : '–')],
          ]} />
          {log.hasNextPage && <Button variant="secondary" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>Older entries</Button>}
        </>
      )}
    </section>
  );
}
