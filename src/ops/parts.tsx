import { useRef, useState, type ReactNode } from 'react';
import { Button } from '#client/components/button';
import { Modal } from '#client/components/modal';
import { TextField } from '#client/components/text-field';
import { FormBanner } from '#client/components/form-banner';
import { messageOf } from './api';

/**
 * A wide table's box, scrolled sideways on a narrow screen: focusable, so that a keyboard can
 * scroll it too (axe: scrollable-region-focusable), and named for what it holds.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`console-scroll ${className ?? ''}`} role="group" aria-label={label} tabIndex={0}>{children}</div>
  );
}

/** A titled table of rows, or a line saying there are none. */
export function Rows<T>({ title, rows, columns, empty }: { title: string; rows: readonly T[]; columns: Array<[string, (row: T) => ReactNode]>; empty: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="console-section">
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? <p className="console-note">{empty}</p> : (
        <ScrollBox label={`${title}, as a table`}>
          <table className="console-table">
            <thead><tr>{columns.map(([label]) => <th key={label} scope="col">{label}</th>)}</tr></thead>
            <tbody>{rows.map((row, i) => <tr key={i}>{columns.map(([label, cell]) => <td key={label}>{cell(row)}</td>)}</tr>)}</tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '–');
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The reason's field in a ReasonButton's dialog: its label, its hint and what is said when it is left empty. */
export type ReasonField = { label: string; hint: string; missing: string };
const AUDIT_REASON: ReasonField = { label: 'Reason', hint: 'Kept in the audit log with your name.', missing: 'Say why (it is kept in the audit log).' };

/**
 * A button that asks for the reason (kept in the audit log) before it acts; `act` throws on a
 * refusal, whose message the dialog shows. `field` names the reason otherwise (a note the member
 * reads, say), `intro` says in the dialog what the action will do, `name` is the button's
 * accessible name when its visible label alone is the same on every row (it starts with the label).
 */
export function ReasonButton({ label, title, act, onDone, variant = 'secondary', field = AUDIT_REASON, intro, name, maxLength }: {
  label: string; title: string; act: (reason: string) => Promise<unknown>; onDone: (message: string) => void; variant?: 'primary' | 'secondary';
  field?: ReasonField; intro?: ReactNode; name?: string; maxLength?: number;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async () => {
    if (reason.trim().length < 3) {
      setError(field.missing);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await act(reason.trim());
      setOpen(false);
      setReason('');
      onDone(`${label}: done.`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant} aria-label={name} onClick={() => { setError(null); setOpen(true); }}>{label}</Button>
      <Modal open={open} onClose={() => setOpen(false)} title={title} initialFocusRef={input} dismissOnBackdrop={false}
        footer={<><Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button><Button loading={busy} onClick={() => void submit()}>{label}</Button></>}>
        <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          {intro}
          {error && <FormBanner>{error}</FormBanner>}
          <TextField ref={input} label={field.label} hint={field.hint} required maxLength={maxLength} value={reason} onChange={(e) => setReason(e.target.value)} />
        </form>
      </Modal>
    </>
  );
}
