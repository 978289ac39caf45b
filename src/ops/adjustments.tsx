import { useRef, useState } from 'react';
import { API_PATHS } from '#shared/api-paths';
import { ADJUSTMENT_CODE_LABELS, ADJUSTMENT_CODES, ADJUSTMENT_REASON_CODES, ADJUSTMENT_REASONS, isCash, type AdjustmentCode, type AdjustmentReason } from '#shared/rules/adjustments';
import type { CurrencyType } from '#shared/constants/partner';
import type { OpsAdjustment } from '#shared/schemas/ops-adjustments';
import { ApiError, call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { Modal } from '#client/components/modal';
import { TextField } from '#client/components/text-field';
import { SelectField } from '#client/components/select-field';
import { FormBanner } from '#client/components/form-banner';
import { messageOf } from './api';
import { Rows, when } from './parts';

/** A fresh request key per form: sent again (a double click, a retry), the server posts once. */
const newKey = () => crypto.randomUUID();

export const STATUS_LABELS: Record<OpsAdjustment['status'], string> = {
  Posted: 'Posted',
  PendingApproval: 'Waiting for approval',
  Rejected: 'Rejected',
  Expired: 'Expired (not approved within 72 hours)',
};

type Target = { memberId: number; name: string; currency: CurrencyType; limit: number; limitText: string };

/** The amount typed (dollars and cents for cash back, whole miles or points) in the stored unit, or null. */
function parseAmount(text: string, currency: CurrencyType): number | null {
  const t = text.trim().replace(/[,$\s]/g, '');
  if (isCash(currency)) return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : null;
  return /^\d+$/.test(t) ? Number(t) : null;
}

/**
 * "Adjust rewards": the kind (M, A, J, +), add or take back, the amount, a reason from the list
 * and a note for the record. Says beforehand when the amount is above the staff member's limit
 * (it then waits for a second person).
 */
export function AdjustButton({ target, onDone }: { target: Target; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<AdjustmentCode>('A');
  const [direction, setDirection] = useState<'add' | 'takeBack'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newKey);
  const first = useRef<HTMLSelectElement>(null);
  const cash = isCash(target.currency);
  const parsed = parseAmount(amount, target.currency);
  const waits = parsed !== null && parsed > target.limit;

  const submit = async () => {
    const found: Record<string, string> = {};
    if (parsed === null || parsed === 0) found.amount = cash ? 'Enter an amount in dollars and cents, like 12.50.' : 'Enter a whole number above zero.';
    if (!reason) found.reason = 'Choose a reason from the list.';
    if (note.trim().length < 3) found.note = 'Add a note for the record (the member does not see it).';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setBanner(null);
    try {
      const signed = direction === 'add' ? parsed! : -parsed!;
      const result = await call(API_PATHS.opsAdjustmentCreate, { params: { memberId: target.memberId }, body: { sourceCode: code, amount: signed, reasonCode: reason as AdjustmentReason, note: note.trim(), idempotencyKey: key } });
      setOpen(false);
      setAmount('');
      setNote('');
      setReason('');
      setKey(newKey());
      onDone(result.status === 'Posted' ? `Adjustment posted: ${result.amountText}.` : `Adjustment of ${result.amountText} is waiting for a second person's approval (until ${when(result.expiresAt)}).`);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : [];
      if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f.field === 'reasonCode' ? 'reason' : f.field, f.message])));
      setBanner(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => { setErrors({}); setBanner(null); setOpen(true); }}>Adjust rewards</Button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Adjust the rewards of ${target.name}`} initialFocusRef={first} dismissOnBackdrop={false}
        footer={<><Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button><Button loading={busy} onClick={() => void submit()}>{waits ? 'Ask for approval' : 'Post adjustment'}</Button></>}>
        <form noValidate className="console-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          {banner && <FormBanner>{banner}</FormBanner>}
          <SelectField ref={first} label="Kind" required value={code} onChange={(e) => setCode(e.target.value as AdjustmentCode)}
            options={ADJUSTMENT_CODES.map((c) => ({ value: c, label: ADJUSTMENT_CODE_LABELS[c] }))} />
          <fieldset className="console-fieldset">
            <legend>Add or take back</legend>
            <label><input type="radio" name="direction" checked={direction === 'add'} onChange={() => setDirection('add')} /> Add to the member&apos;s rewards</label>
            <label><input type="radio" name="direction" checked={direction === 'takeBack'} onChange={() => setDirection('takeBack')} /> Take back</label>
          </fieldset>
          <TextField label={cash ? 'Amount in dollars' : `Amount in ${target.currency.toLowerCase()}s`} required inputMode={cash ? 'decimal' : 'numeric'} value={amount}
            onChange={(e) => setAmount(e.target.value)} error={errors.amount}
            hint={waits ? `Above your limit of ${target.limitText}: it will wait for a second person's approval (72 hours).` : `Up to ${target.limitText} posts at once; more waits for a second person's approval.`} />
          <SelectField label="Reason" required placeholder="Choose a reason" value={reason} error={errors.reason} onChange={(e) => setReason(e.target.value as AdjustmentReason)}
            options={ADJUSTMENT_REASON_CODES.map((r) => ({ value: r, label: ADJUSTMENT_REASONS[r].label }))} />
          <TextField label="Note for the record" hint="Kept with the adjustment and in the audit log; the member does not see it." required value={note} error={errors.note} onChange={(e) => setNote(e.target.value)} />
        </form>
      </Modal>
    </>
  );
}

/** The member's adjustments, with a counter-adjustment for a posted one. */
export function AdjustmentRows({ rows, memberId, canAdjust, onDone }: { rows: OpsAdjustment[]; memberId: number; canAdjust: boolean; onDone: (message: string) => void }) {
  return (
    <Rows title="Adjustments" rows={rows} empty="No adjustments." columns={[
      ['Requested', (a) => when(a.requestedAt)], ['Kind', (a) => a.sourceCode], ['Amount', (a) => a.amountText],
      ['Reason', (a) => `${ADJUSTMENT_REASONS[a.reasonCode].label}${a.reverses ? ` (reverses #${a.reverses})` : ''}`], ['Note', (a) => a.note],
      ['By', (a) => a.requestedBy.name], ['Status', (a) => `${STATUS_LABELS[a.status]}${a.decidedBy ? ` · ${a.decidedBy.name}` : ''}`],
      ['Correct', (a) => (canAdjust && a.reversible ? <ReverseButton adjustment={a} memberId={memberId} onDone={onDone} /> : '–')],
    ]} />
  );
}

function ReverseButton({ adjustment, memberId, onDone }: { adjustment: OpsAdjustment; memberId: number; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newKey);
  const input = useRef<HTMLInputElement>(null);
  const submit = async () => {
    if (note.trim().length < 3) {
      setError('Add a note for the record (the member does not see it).');
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await call(API_PATHS.opsAdjustmentCreate, { params: { memberId }, body: { sourceCode: adjustment.sourceCode, amount: -adjustment.amount, reasonCode: 'correction', note: note.trim(), reverses: adjustment.id, idempotencyKey: key } });
      setOpen(false);
      onDone(result.status === 'Posted' ? `Reversed: ${result.amountText}.` : `The reversal of ${result.amountText} is waiting for a second person's approval.`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => { setError(null); setOpen(true); }}>{`Reverse #${adjustment.id}`}</Button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Reverse adjustment #${adjustment.id} (${adjustment.amountText})`} initialFocusRef={input} dismissOnBackdrop={false}
        footer={<><Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button><Button loading={busy} onClick={() => void submit()}>Reverse</Button></>}>
        <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <p>A counter-adjustment takes back exactly what this one posted; both stay in the history.</p>
          {error && <FormBanner>{error}</FormBanner>}
          <TextField ref={input} label="Note for the record" required value={note} onChange={(e) => setNote(e.target.value)} />
        </form>
      </Modal>
    </>
  );
}
