import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from '#client/lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { EARN_BASES } from '#shared/constants/rewards';
import { DEFAULT_ADJUSTMENT_LIMITS } from '#shared/rules/adjustments';
import {
  EARN_RATE_TIERS, needsApproval, VIP_DINES_MAX, VIP_DINES_MIN, sameValue, SETTING_FIELDS, SETTING_SWITCHES, settingLabel, SWITCH_KEYS, type SettingField, type SupportContacts,
} from '#shared/rules/partner-settings';
import type { CurrencyType } from '#shared/constants/partner';
import type { StaffMe } from '#shared/schemas/ops';
import type { PartnerSettings, SettingsChange } from '#shared/schemas/ops-settings';
import { ApiError, call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { CheckboxField } from '#client/components/checkbox-field';
import { SelectField } from '#client/components/select-field';
import { TextField } from '#client/components/text-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf, usePartners } from '../api';
import { ReasonButton, Rows, when } from '../parts';

const BASIS_LABELS: Record<(typeof EARN_BASES)[number], string> = { wholeBill: 'The whole bill (tax and tip included)', preTip: 'The bill before tip' };

/** The form's values: numbers as typed (the server says what is wrong with them). */
type Draft = Omit<PartnerSettings, 'earnRates' | 'adjustmentLimits' | 'hosts' | 'payoutBreakpointCents' | 'vipQualifyingDines'> & {
  vipQualifyingDines: string;
  earnRates: [string, string, string, string];
  /** In dollars, as typed. */
  payoutBreakpoint: string;
  adjustmentLimits: { agent: string; supervisor: string; administrator: string } | null;
  hosts: string;
};

const toDraft = ({ payoutBreakpointCents, ...s }: PartnerSettings): Draft => ({
  ...s,
  vipQualifyingDines: String(s.vipQualifyingDines),
  payoutBreakpoint: (payoutBreakpointCents / 100).toFixed(2),
  earnRates: s.earnRates.map(String) as Draft['earnRates'],
  adjustmentLimits: s.adjustmentLimits ? { agent: String(s.adjustmentLimits.agent), supervisor: String(s.adjustmentLimits.supervisor), administrator: String(s.adjustmentLimits.administrator) } : null,
  hosts: s.hosts.join('\n'),
});

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
const fromDraft = ({ payoutBreakpoint, ...d }: Draft): PartnerSettings => ({
  ...d,
  payoutBreakpointCents: Math.round(num(payoutBreakpoint) * 100),
  vipQualifyingDines: num(d.vipQualifyingDines),
  earnRates: d.earnRates.map(num) as PartnerSettings['earnRates'],
  adjustmentLimits: d.adjustmentLimits ? { agent: num(d.adjustmentLimits.agent), supervisor: num(d.adjustmentLimits.supervisor), administrator: num(d.adjustmentLimits.administrator) } : null,
  hosts: d.hosts.split(/[\s,]+/).map((h) => h.trim().toLowerCase()).filter(Boolean),
});

/** A setting's value in words (the history and the summary of a change). */
function shown(field: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (value === null || value === undefined) return field === 'adjustmentLimits' ? "the currency's defaults" : 'none';
  if (field === 'earnRates' && Array.isArray(value)) return value.join(' / ');
  if (field === 'payoutBreakpointCents' && typeof value === 'number') return `$${(value / 100).toFixed(2)}`;
  if (field === 'earnBasis') return BASIS_LABELS[value as keyof typeof BASIS_LABELS] ?? String(value);
  if (field === 'hosts' && Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  if (field === 'adjustmentLimits') { const l = value as Record<string, number>; return `agent ${l.agent}, supervisor ${l.supervisor}, administrator ${l.administrator}`; }
  if (field === 'customerSupport' || field === 'vipCustomerSupport') { const c = value as SupportContacts; return `${c.phone}, ${c.email}${c.emailText && c.emailText !== c.email ? ` (${c.emailText})` : ''}`; }
  return JSON.stringify(value);
}

const changeText = (c: SettingsChange) => c.fields.map((f) => `${settingLabel(f)}: ${shown(f, c.before[f])} → ${shown(f, c.after[f])}`).join('; ');

/**
 * A partner's settings (issue 27 item 6): the switches, what members earn, the adjustment limits,
 * the support contacts and the host names in one form that says, before it is sent, which
 * changes wait for a second person; the changes waiting, with approve and reject for those who
 * may; and the history of every change.
 */
export function SettingsScreen({ me }: { me: StaffMe }) {
  const [params, setParams] = useSearchParams();
  const partners = usePartners();
  const list = partners.data?.partners ?? [];
  const partner = params.get('partner') ?? list[0]?.code ?? '';
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['ops', 'settings', partner],
    enabled: Boolean(partner),
    queryFn: () => call(API_PATHS.opsSettings, { params: { partner } }),
    retry: false,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; list?: string[] } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const current = settings.data?.settings;
  useEffect(() => { setDraft(current ? toDraft(current) : null); }, [current]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['ops', 'settings', partner] });
  const canChange = may(me, 'settings.change');
  const canDecide = may(me, 'settings.approve');

  const wanted = draft ? fromDraft(draft) : null;
  const changed: SettingField[] = current && wanted ? SETTING_FIELDS.filter((f) => !sameValue(current[f], wanted[f])) : [];
  const waits = changed.filter(needsApproval);
  const now = changed.filter((f) => !needsApproval(f));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!wanted || changed.length === 0) return;
    setBusy('save');
    try {
      const changes = Object.fromEntries(changed.map((f) => [f, wanted[f]]));
      const done = await call(API_PATHS.opsSettingsChange, { params: { partner }, body: { changes, reason } });
      setReason('');
      setNotice({
        kind: 'success',
        text: [done.applied ? `Applied now: ${done.applied.fields.map(settingLabel).join(', ')}.` : '', done.pending ? `Waiting for a second person's approval: ${done.pending.fields.map(settingLabel).join(', ')}.` : ''].filter(Boolean).join(' '),
      });
      refresh();
    } catch (err) {
      setNotice({ kind: 'error', text: messageOf(err), list: err instanceof ApiError ? err.fieldErrors.map((f) => f.message) : undefined });
    } finally {
      setBusy(null);
    }
  };
  const decide = (changeId: number, decision: 'approve' | 'reject', note?: string) =>
    call(API_PATHS.opsSettingsDecide, { params: { changeId }, body: { decision, ...(note ? { note } : {}) } });
  const approve = async (c: SettingsChange) => {
    setBusy(`approve-${c.id}`);
    try {
      await decide(c.id, 'approve');
      setNotice({ kind: 'success', text: `Approved and applied: ${c.fields.map(settingLabel).join(', ')}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: messageOf(err) });
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));
  const mark = (f: SettingField) => (needsApproval(f) ? ' (needs a second person\'s approval)' : '');
  const currency = (settings.data?.partner.currency ?? 'Mile') as CurrencyType;
  const cash = currency === 'Dollar' || currency === 'Credit';

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Partner settings</h1>
      <p className="console-note">Changes apply at once, except what changes what members earn (marked), which waits up to 72 hours for a second person and applies only when approved. Every change is kept in the history with its reason.</p>
      <SelectField label="Partner" value={partner} onChange={(e) => { setNotice(null); setParams({ partner: e.target.value }); }}
        options={list.map((p) => ({ value: p.code, label: p.name }))} placeholder={list.length ? 'Choose a partner' : 'No partner'} />
      {partners.isError && <FormBanner>{messageOf(partners.error)}</FormBanner>}
      {settings.isPending && partner && <Spinner label="Loading the settings" />}
      {settings.isError && <FormBanner>{messageOf(settings.error)}</FormBanner>}
      {notice && (
        <FormBanner kind={notice.kind}>
          {notice.text}
          {notice.list && notice.list.length > 1 && <ul>{notice.list.map((m) => <li key={m}>{m}</li>)}</ul>}
        </FormBanner>
      )}
      {settings.data && draft && (
        <>
          <Rows title="Waiting for approval" rows={settings.data.pending} empty="No change waits for approval." columns={[
            ['Requested', (c) => when(c.requestedAt)],
            ['By', (c) => c.requestedBy.name],
            ['Change', (c) => changeText(c)],
            ['Reason', (c) => c.reason],
            ['Expires', (c) => when(c.expiresAt)],
            ['Decide', (c) => {
              if (!canDecide) return '–';
              if (c.requestedBy.id === me.id) return 'Your request: another person decides.';
              return (
                <span className="console-actions">
                  <Button loading={busy === `approve-${c.id}`} onClick={() => void approve(c)}>Approve</Button>
                  <ReasonButton label="Reject" title={`Reject the change of ${c.fields.map(settingLabel).join(', ')}: the requester reads why`}
                    onDone={(m) => { setNotice({ kind: 'success', text: m }); refresh(); }} act={(note) => decide(c.id, 'reject', note)} />
                </span>
              );
            }],
          ]} />

          <form className="console-section console-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="settings-form-title">
            <h2 id="settings-form-title">{`Settings of ${settings.data.partner.name}`}</h2>
            <fieldset className="console-group" disabled={!canChange}>
              <legend>Feature switches</legend>
              {SWITCH_KEYS.map((k) => (
                <CheckboxField key={k} label={`${SETTING_SWITCHES[k]}${mark(k)}`} checked={draft[k]} onChange={(e) => set(k, e.target.checked)} />
              ))}
            </fieldset>
            <fieldset className="console-group" disabled={!canChange}>
              <legend>{`What members earn${mark('earnRates')}`}</legend>
              <p className="console-note">{cash ? 'Rates are per cent of the basis.' : 'Rates are per $1 of the basis.'} Each tier earns at least the tier before it.</p>
              {EARN_RATE_TIERS.map((tier, i) => (
                <TextField key={tier} label={`Earn rate: ${tier}`} inputMode="decimal" value={draft.earnRates[i]}
                  onChange={(e) => set('earnRates', draft.earnRates.map((r, j) => (j === i ? e.target.value : r)) as Draft['earnRates'])} />
              ))}
              <SelectField label="Earn basis" value={draft.earnBasis} onChange={(e) => set('earnBasis', e.target.value as Draft['earnBasis'])}
                options={EARN_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }))} />
              <TextField label="VIP threshold, in qualifying dines a year" inputMode="numeric"
                hint={`An opted-in member is VIP from the dine after this many qualifying dines in a calendar year, for the rest of it and all of the next (${VIP_DINES_MIN} to ${VIP_DINES_MAX}; used while the VIP switch is on).`}
                value={draft.vipQualifyingDines} onChange={(e) => set('vipQualifyingDines', e.target.value)} />
              {cash && (
                <TextField label="Payout breakpoint, in dollars" inputMode="decimal" hint="A member's balance is paid as a statement credit once it reaches this ($5 to $500)."
                  value={draft.payoutBreakpoint} onChange={(e) => set('payoutBreakpoint', e.target.value)} />
              )}
            </fieldset>
            <fieldset className="console-group" disabled={!canChange}>
              <legend>{`Adjustment limits${mark('adjustmentLimits')}`}</legend>
              <CheckboxField label="Use the currency's defaults" checked={draft.adjustmentLimits === null}
                description={`Agent ${DEFAULT_ADJUSTMENT_LIMITS[currency].agent}, supervisor ${DEFAULT_ADJUSTMENT_LIMITS[currency].supervisor}, administrator ${DEFAULT_ADJUSTMENT_LIMITS[currency].administrator}${cash ? ' (cents)' : ''}.`}
                onChange={(e) => set('adjustmentLimits', e.target.checked ? null : { agent: String(DEFAULT_ADJUSTMENT_LIMITS[currency].agent), supervisor: String(DEFAULT_ADJUSTMENT_LIMITS[currency].supervisor), administrator: String(DEFAULT_ADJUSTMENT_LIMITS[currency].administrator) })} />
              {draft.adjustmentLimits && (['agent', 'supervisor', 'administrator'] as const).map((role) => (
                <TextField key={role} label={`Limit of the ${role}`} inputMode="numeric" hint={cash ? 'In cents.' : undefined}
                  value={draft.adjustmentLimits![role]} onChange={(e) => set('adjustmentLimits', { ...draft.adjustmentLimits!, [role]: e.target.value })} />
              ))}
            </fieldset>
            <SupportFields legend="Support contacts" disabled={!canChange} value={draft.customerSupport} onChange={(v) => set('customerSupport', v)} />
            <fieldset className="console-group" disabled={!canChange}>
              <legend>VIP support contacts</legend>
              <CheckboxField label="VIP members have their own support line" checked={draft.vipCustomerSupport !== null}
                onChange={(e) => set('vipCustomerSupport', e.target.checked ? { ...draft.customerSupport } : null)} />
            </fieldset>
            {draft.vipCustomerSupport && <SupportFields legend="VIP support line" disabled={!canChange} value={draft.vipCustomerSupport} onChange={(v) => set('vipCustomerSupport', v)} />}
            <fieldset className="console-group" disabled={!canChange}>
              <legend>Host names</legend>
              <label htmlFor="settings-hosts" className="console-label">Extra host names that serve this partner, one a line (besides its code&apos;s own address)</label>
              <textarea id="settings-hosts" className="console-textarea" rows={3} value={draft.hosts} onChange={(e) => set('hosts', e.target.value)} />
            </fieldset>
            {canChange && (
              <>
                <div role="status" className="console-note">
                  {changed.length === 0 ? 'Nothing changed yet.' : [
                    now.length ? `Applies at once: ${now.map(settingLabel).join(', ')}.` : '',
                    waits.length ? `Waits for a second person's approval: ${waits.map(settingLabel).join(', ')}.` : '',
                  ].filter(Boolean).join(' ')}
                </div>
                <TextField label="Reason" hint="Kept in the history with your name." required value={reason} onChange={(e) => setReason(e.target.value)} />
                <span className="console-actions">
                  <Button type="submit" loading={busy === 'save'} disabled={changed.length === 0}>{waits.length && !now.length ? 'Ask for approval' : 'Save'}</Button>
                  <Button variant="secondary" onClick={() => setDraft(toDraft(settings.data.settings))} disabled={changed.length === 0}>Undo my edits</Button>
                </span>
              </>
            )}
          </form>

          <Rows title="Change history" rows={settings.data.history} empty="No change has been made in the console yet." columns={[
            ['Requested', (c) => when(c.requestedAt)],
            ['By', (c) => c.requestedBy.name],
            ['Change', (c) => changeText(c)],
            ['Reason', (c) => c.reason],
            ['Status', (c) => (c.status === 'PendingApproval' ? 'Waiting for approval' : c.status)],
            ['Decided', (c) => (c.decidedBy ? `${c.decidedBy.name}, ${when(c.decidedAt)}${c.decisionNote ? `: ${c.decisionNote}` : ''}` : c.decidedAt ? when(c.decidedAt) : '–')],
          ]} />
        </>
      )}
    </section>
  );
}

function SupportFields({ legend, value, onChange, disabled }: { legend: string; value: SupportContacts; onChange: (v: SupportContacts) => void; disabled: boolean }) {
  return (
    <fieldset className="console-group" disabled={disabled}>
      <legend>{legend}</legend>
      <TextField label={`${legend}: phone`} type="tel" value={value.phone} onChange={(e) => onChange({ ...value, phone: e.target.value })} />
      <TextField label={`${legend}: e-mail address or https contact page`} value={value.email} onChange={(e) => onChange({ ...value, email: e.target.value })} />
      <TextField label={`${legend}: words shown for it`} hint="Empty: the address itself." value={value.emailText} onChange={(e) => onChange({ ...value, emailText: e.target.value })} />
    </fieldset>
  );
}
