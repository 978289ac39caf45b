import { useEffect, useId, useState } from 'react';
import { useSearchParams } from '#client/lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { CONTENT_PAGE_LABELS, OPS_CONTENT_NAMES, type OpsContentItem, type OpsContentName } from '#shared/schemas/ops-content';
import type { StaffMe } from '#shared/schemas/ops';
import { ApiError, call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { SelectField } from '#client/components/select-field';
import { CheckboxField } from '#client/components/checkbox-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf, usePartners } from '../api';
import { Rows, when } from '../parts';

type Fields = Record<string, unknown>;
const TEXT_BLOCK_TYPES = ['body_text', 'button', 'standalone_link', 'title', 'merchant_carousel', 'footer', 'earn', 'navbar'];
const VERSION_KINDS: Record<string, string> = { initial: 'Published before versions were kept', publish: 'Published', rollback: 'Rolled back', scheduled: 'Published as scheduled' };

/** A key as people read it: banner_text → Banner text. */
const human = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
/** An empty value of the same shape: what "Add" puts at the end of a list. */
function blank(like: unknown): unknown {
  if (typeof like === 'string') return '';
  if (typeof like === 'number') return 0;
  if (typeof like === 'boolean') return false;
  if (Array.isArray(like)) return [];
  if (like && typeof like === 'object') {
    const o = like as Fields;
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'type' && typeof v === 'string' ? v : blank(v)]));
  }
  return '';
}
/** The error text the server gave for this field path (fields.main_column.0.url), if any. */
const errorAt = (errors: Map<string, string>, path: string) => errors.get(path);

/**
 * One value of an item's fields, as a form control fitted to it: text, number, a switch, a group
 * of fields (a banner, a link), or a list (text blocks, links, lines) whose entries can be added,
 * removed and moved. A text block's kind is chosen from the kinds the site knows.
 */
function ValueEditor({ label, path, value, onChange, disabled, errors }: { label: string; path: string; value: unknown; onChange: (v: unknown) => void; disabled: boolean; errors: Map<string, string> }) {
  const error = errorAt(errors, path);
  if (typeof value === 'boolean') return <CheckboxField label={label} checked={value} disabled={disabled} onChange={(e) => onChange(e.target.checked)} error={error} />;
  if (typeof value === 'number') return <TextField label={label} type="number" value={String(value)} disabled={disabled} error={error} onChange={(e) => onChange(e.target.value === '' ? 0 : Number(e.target.value))} />;
  if (typeof value === 'string') {
    if (path.endsWith('.type') && TEXT_BLOCK_TYPES.includes(value)) {
      return <SelectField label={label} value={value} disabled={disabled} error={error} onChange={(e) => onChange(e.target.value)} options={TEXT_BLOCK_TYPES.map((t) => ({ value: t, label: human(t) }))} />;
    }
    return value.length > 80 || /text|body|copy|description|disclaimer/.test(path.split('.').pop() ?? '')
      ? <TextArea label={label} value={value} disabled={disabled} error={error} onChange={onChange} />
      : <TextField label={label} value={value} disabled={disabled} error={error} onChange={(e) => onChange(e.target.value)} />;
  }
  if (Array.isArray(value)) return <ListEditor label={label} path={path} items={value} onChange={onChange} disabled={disabled} errors={errors} />;
  if (value && typeof value === 'object') {
    const o = value as Fields;
    return (
      <fieldset className="console-fieldset">
        <legend>{label}</legend>
        {error && <FormBanner>{error}</FormBanner>}
        {Object.entries(o).map(([k, v]) => (
          <ValueEditor key={k} label={`${label}: ${human(k)}`} path={`${path}.${k}`} value={v} disabled={disabled} errors={errors} onChange={(nv) => onChange({ ...o, [k]: nv })} />
        ))}
      </fieldset>
    );
  }
  return <p className="console-note">{`${label}: empty (set it in Fields as JSON).`}</p>;
}

function ListEditor({ label, path, items, onChange, disabled, errors }: { label: string; path: string; items: unknown[]; onChange: (v: unknown) => void; disabled: boolean; errors: Map<string, string> }) {
  const set = (i: number, v: unknown) => onChange(items.map((x, j) => (j === i ? v : x)));
  const move = (i: number, by: number) => {
    const next = [...items];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x);
    onChange(next);
  };
  const error = errorAt(errors, path);
  return (
    <fieldset className="console-fieldset">
      <legend>{`${label} (${items.length})`}</legend>
      {error && <FormBanner>{error}</FormBanner>}
      {items.map((item, i) => (
        <div key={i} className="console-list-entry">
          <ValueEditor label={`${label} ${i + 1}`} path={`${path}.${i}`} value={item} disabled={disabled} errors={errors} onChange={(v) => set(i, v)} />
          {!disabled && (
            <div className="console-actions">
              <Button variant="secondary" disabled={i === 0} onClick={() => move(i, -1)}>{`Move ${label} ${i + 1} up`}</Button>
              <Button variant="secondary" disabled={i === items.length - 1} onClick={() => move(i, 1)}>{`Move ${label} ${i + 1} down`}</Button>
              <Button variant="secondary" onClick={() => onChange(items.filter((_, j) => j !== i))}>{`Remove ${label} ${i + 1}`}</Button>
            </div>
          )}
        </div>
      ))}
      {!disabled && items.length > 0 && <Button variant="secondary" onClick={() => onChange([...items, blank(items[items.length - 1])])}>{`Add to ${label}`}</Button>}
      {!disabled && items.length === 0 && <Button variant="secondary" onClick={() => onChange([''])}>{`Add a line to ${label}`}</Button>}
    </fieldset>
  );
}

function TextArea({ label, value, onChange, disabled, error, rows = 3 }: { label: string; value: string; onChange: (v: string) => void; disabled: boolean; error?: string; rows?: number }) {
  const id = useId();
  return (
    <div className="console-textarea-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} rows={rows} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)} />
      {error && <p id={`${id}-error`} className="console-late">{error}</p>}
    </div>
  );
}

/** The partner's content pages: choose a partner, a page and an item; edit its draft in a form fitted to its fields; preview, publish, schedule, roll back. */
export function ContentScreen({ me }: { me: StaffMe }) {
  const [params, setParams] = useSearchParams();
  const partners = usePartners();
  const list = partners.data?.partners ?? [];
  const partner = params.get('partner') ?? list[0]?.code ?? '';
  const page = (OPS_CONTENT_NAMES as readonly string[]).includes(params.get('page') ?? '') ? params.get('page') as OpsContentName : 'home';
  const items = useQuery({ queryKey: ['ops', 'content', partner], enabled: Boolean(partner), queryFn: () => call(API_PATHS.opsContentList, { params: { partner } }), retry: false });
  const slugs = (items.data?.items ?? []).filter((i) => i.contentName === page);
  const slug = params.get('item') && slugs.some((s) => s.slug === params.get('item')) ? params.get('item')! : slugs[0]?.slug ?? '';
  const choose = (next: { partner?: string; page?: string; item?: string }) => {
    const p = { partner, page, ...next };
    setParams({ partner: p.partner, page: p.page, ...(next.item ? { item: next.item } : {}) });
  };
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">Content</h1>
      <p className="console-note">Edit a draft, preview it on the partner site, then publish it as a new version. Members see only published content.</p>
      <div className="console-search">
        <SelectField label="Partner" value={partner} onChange={(e) => choose({ partner: e.target.value })}
          options={list.map((p) => ({ value: p.code, label: p.name }))} placeholder={list.length ? 'Choose a partner' : 'No partner'} />
        <SelectField label="Page" value={page} onChange={(e) => choose({ page: e.target.value })}
          options={OPS_CONTENT_NAMES.map((n) => ({ value: n, label: CONTENT_PAGE_LABELS[n] }))} />
        <SelectField label="Item" value={slug} onChange={(e) => choose({ item: e.target.value })}
          options={slugs.map((s) => ({ value: s.slug, label: `${s.slug}${s.draft ? ' (draft)' : ''}${s.scheduledAt ? ' (scheduled)' : ''}` }))} placeholder={slugs.length ? 'Choose an item' : 'No item on this page'} />
      </div>
      {partners.isError && <FormBanner>{messageOf(partners.error)}</FormBanner>}
      {items.isError && <FormBanner>{messageOf(items.error)}</FormBanner>}
      {partner && slug && <ItemEditor key={`${partner}/${page}/${slug}`} partner={partner} contentName={page} slug={slug} canEdit={may(me, 'content.edit')} />}
    </section>
  );
}

function ItemEditor({ partner, contentName, slug, canEdit }: { partner: string; contentName: OpsContentName; slug: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const params = { partner, contentName, slug };
  const item = useQuery({ queryKey: ['ops', 'content', partner, contentName, slug], queryFn: () => call(API_PATHS.opsContentItem, { params }), retry: false });
  const [fields, setFields] = useState<Fields | null>(null);
  const [json, setJson] = useState('');
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const source = item.data?.draft ?? item.data?.published ?? null;
  useEffect(() => {
    if (source && fields === null) {
      setFields(source.fields);
      setJson(JSON.stringify(source.fields, null, 2));
    }
  }, [source, fields]);

  const show = (answer: OpsContentItem, message: string) => {
    queryClient.setQueryData(['ops', 'content', partner, contentName, slug], answer);
    void queryClient.invalidateQueries({ queryKey: ['ops', 'content', partner], exact: true });
    const next = answer.draft ?? answer.published;
    if (next) {
      setFields(next.fields);
      setJson(JSON.stringify(next.fields, null, 2));
    }
    setErrors(new Map());
    setProblem(null);
    setDone(message);
  };
  const act = async (what: () => Promise<OpsContentItem | null>, message: string) => {
    setBusy(true);
    setDone(null);
    try {
      const answer = await what();
      if (answer) show(answer, message);
      else setDone(message);
    } catch (err) {
      setProblem(messageOf(err));
      if (err instanceof ApiError) setErrors(new Map((err.fieldErrors ?? []).map((f) => [f.field, f.message])));
    } finally {
      setBusy(false);
    }
  };
  const save = (body: Fields) => act(() => call(API_PATHS.opsContentDraft, { params, body: { fields: body } }), 'Draft saved. Members do not see it until it is published.');
  const saveJson = () => {
    try {
      const parsed: unknown = JSON.parse(json);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      void save(parsed as Fields);
    } catch {
      setProblem('Fields as JSON: this is not a JSON object ({ "key": value, … }).');
    }
  };
  const preview = async () => {
    // Opened within the click (a window opened after the answer would be blocked), pointed at the site once granted.
    const win = window.open('', `rn-preview-${partner}`);
    const path = contentName === 'earn_details' && typeof fields?.url === 'string' ? fields.url : '/';
    try {
      const grant = await call(API_PATHS.opsContentPreview, { params: { partner }, body: { path } });
      if (win) win.location.href = grant.url;
      setDone(`The preview opened in another window (${path}): it shows this partner's drafts to that window only.`);
      setProblem(null);
    } catch (err) {
      win?.close();
      setProblem(messageOf(err));
    }
  };

  if (item.isPending) return <Spinner label="Loading the item" />;
  if (item.isError) return <FormBanner>{messageOf(item.error)}</FormBanner>;
  const data = item.data;
  const current = data.versions[0]?.version ?? null;
  const pending = data.schedules.filter((s) => s.status === 'pending');
  return (
    <div className="console-section">
      <h2>{`${CONTENT_PAGE_LABELS[contentName]}: ${slug}`}</h2>
      <p>
        {data.published ? `Published${current ? ` (version ${current})` : ''}, ${when(data.published.updatedAt)}. ` : 'Not published yet. '}
        {data.draft ? `Draft saved ${when(data.draft.updatedAt)}. ` : 'No draft: the form starts from the published content. '}
        {pending.length ? `Scheduled to publish ${when(pending[0]!.publishAt)}.` : ''}
      </p>
      <div role="status" aria-live="polite">{done && <p>{done}</p>}</div>
      {problem && <FormBanner>{problem}</FormBanner>}
      {fields && (
        <form noValidate onSubmit={(e) => { e.preventDefault(); void save(fields); }}>
          {Object.entries(fields).map(([k, v]) => (
            <ValueEditor key={k} label={human(k)} path={`fields.${k}`} value={v} disabled={!canEdit} errors={errors} onChange={(nv) => { const next = { ...fields, [k]: nv }; setFields(next); setJson(JSON.stringify(next, null, 2)); }} />
          ))}
          {canEdit && (
            <div className="console-actions">
              <Button type="submit" loading={busy}>Save draft</Button>
              <Button variant="secondary" disabled={!data.partner.cmsPreview} onClick={() => void preview()}>Preview on the site</Button>
              <Button variant="secondary" disabled={!data.draft || busy} onClick={() => void act(() => call(API_PATHS.opsContentPublish, { params }), 'Published as a new version: members see it now.')}>Publish</Button>
              <Button variant="secondary" disabled={!data.draft || busy} onClick={() => void act(() => call(API_PATHS.opsContentDraftDiscard, { params }), 'Draft thrown away.')}>Discard draft</Button>
            </div>
          )}
          {canEdit && !data.partner.cmsPreview && <p className="console-note">{`${data.partner.name} does not allow draft preview (cmsPreview is off).`}</p>}
        </form>
      )}
      {canEdit && fields && (
        <details className="console-section">
          <summary>Fields as JSON (every field, including ones the form does not show yet)</summary>
          <TextArea label="Fields as JSON" value={json} rows={16} disabled={false} onChange={setJson} />
          <div className="console-actions"><Button variant="secondary" loading={busy} onClick={saveJson}>Save draft from JSON</Button></div>
        </details>
      )}
      {canEdit && (
        <form className="console-search" noValidate onSubmit={(e) => {
          e.preventDefault();
          const at = publishAt ? new Date(publishAt) : null;
          if (!at || Number.isNaN(at.getTime())) return setProblem('Choose the date and time to publish at.');
          void act(async () => { await call(API_PATHS.opsContentSchedule, { params, body: { publishAt: at.toISOString() } }); return call(API_PATHS.opsContentItem, { params }); }, `The draft as it is now will be published ${when(at.toISOString())}.`);
        }}>
          <TextField label="Publish the saved draft at (your time)" type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
          <Button type="submit" variant="secondary" disabled={!data.draft}>Schedule</Button>
        </form>
      )}
      <Rows title="Versions" rows={data.versions} empty="No version yet: the first publish keeps the content published until then as version 1."
        columns={[
          ['Version', (v) => v.version],
          ['What', (v) => (v.kind === 'rollback' ? `${VERSION_KINDS[v.kind]} to version ${v.rolledBackFrom}` : VERSION_KINDS[v.kind])],
          ['When', (v) => when(v.publishedAt)],
          ['Who', (v) => v.staffEmail ?? '–'],
          ['Action', (v) => (canEdit && v.version !== current
            ? <Button variant="secondary" disabled={busy} onClick={() => void act(() => call(API_PATHS.opsContentRollback, { params, body: { version: v.version } }), `Version ${v.version} published again as a new version.`)}>{`Roll back to version ${v.version}`}</Button>
            : v.version === current ? 'Live' : '')],
        ]} />
      <Rows title="Scheduled publishes" rows={data.schedules} empty="Nothing scheduled."
        columns={[
          ['At', (s) => when(s.publishAt)],
          ['Status', (s) => (s.status === 'published' ? `Published (version ${s.version})` : human(s.status))],
          ['Who', (s) => s.staffEmail ?? '–'],
          ['Action', (s) => (canEdit && s.status === 'pending'
            ? <Button variant="secondary" disabled={busy} onClick={() => void act(() => call(API_PATHS.opsContentScheduleCancel, { params: { scheduleId: s.id } }), 'Scheduled publish cancelled.')}>Cancel</Button>
            : '')],
        ]} />
    </div>
  );
}
