import { useRef, useState } from 'react';
import { Link, useSearchParams } from '#client/lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import type { StaffMe } from '#shared/schemas/ops';
import { CARD_EVENT_KIND_LABELS, CARD_EVENT_KINDS, type CardEventKind, type OpsCardEventResult } from '#shared/schemas/ops-events';
import { call } from '#client/lib/api';
import { SelectField } from '#client/components/select-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { may, messageOf, usePartners } from '../api';
import { ReasonButton, Rows, dollars, when } from '../parts';

/** What became of an event sent to the engine again, in a sentence. */
function outcomeText(eventId: string, r: OpsCardEventResult): string {
  switch (r.status) {
    case 'applied': return `Event ${eventId} was applied again: ${r.outcome}${r.note ? ` (${r.note})` : ''}.`;
    case 'waiting': return `Event ${eventId} still needs a person: ${r.outcome}${r.note ? ` (${r.note})` : ''}.`;
    case 'queued': return `Event ${eventId} was sent to the engine, which will apply it within a minute.`;
    case 'dismissed': return `Event ${eventId} was dismissed.`;
  }
}

/**
 * Card-network events waiting for a person (docs/features/console.md "Card events"), oldest
 * first: refunds parked with no purchase, events in review, failed events; apply again (through
 * the rewards engine) or dismiss with a reason.
 */
export function CardEventsScreen({ me }: { me: StaffMe }) {
  const [params, setParams] = useSearchParams();
  const partner = params.get('partner') ?? '';
  const kind = (params.get('kind') ?? '') as CardEventKind | '';
  const partners = usePartners();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const result = useRef<string | null>(null);
  const queue = useQuery({
    queryKey: ['ops', 'card-events', partner, kind],
    queryFn: () => call(API_PATHS.opsCardEvents, { query: { ...(partner ? { partner } : {}), ...(kind ? { kind } : {}) } }),
  });
  const filter = (next: { partner?: string; kind?: string }) => {
    const merged = { partner, kind, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)));
  };
  const done = (message: string) => {
    setNotice(result.current ?? message);
    result.current = null;
    void queryClient.invalidateQueries({ queryKey: ['ops', 'card-events'] });
  };
  const applyAgain = async (eventId: string, note: string) => {
    result.current = outcomeText(eventId, await call(API_PATHS.opsCardEventApply, { params: { eventId }, body: { note } }));
  };
  const dismiss = async (eventId: string, reason: string) => {
    result.current = outcomeText(eventId, await call(API_PATHS.opsCardEventDismiss, { params: { eventId }, body: { reason } }));
  };
  const resolves = may(me, 'events.resolve');
  return (
    <section aria-labelledby="events-title">
      <h1 id="events-title">Card events</h1>
      <p className="console-note">
        Card-network events the rewards engine could not settle on its own, oldest first: refunds waiting for a purchase that has not come,
        events in review, and events that failed. Apply again sends one back through the engine; dismiss keeps it, with your reason, and it is never applied.
      </p>
      <SelectField label="Partner" placeholder="All your partners" value={partner} onChange={(e) => filter({ partner: e.target.value })}
        options={(partners.data?.partners ?? []).map((p) => ({ value: p.code, label: p.name }))} />
      <SelectField label="Kind" placeholder="Every kind" value={kind} onChange={(e) => filter({ kind: e.target.value })}
        options={CARD_EVENT_KINDS.map((k) => ({ value: k, label: CARD_EVENT_KIND_LABELS[k] }))} />
      {notice && <FormBanner kind="success">{notice}</FormBanner>}
      {queue.isPending && <Spinner label="Loading the card events" />}
      {queue.isError && <FormBanner>{messageOf(queue.error)}</FormBanner>}
      {queue.data && (
        <Rows title={`${queue.data.events.length} waiting`} rows={queue.data.events} empty="No card event waits for a person." columns={[
          ['Age', (e) => `${e.ageHours} h`],
          ['Kind', (e) => CARD_EVENT_KIND_LABELS[e.kind]],
          ['Partner', (e) => e.partnerCode ?? 'none (unknown card)'],
          ['Member', (e) => (e.memberId === null ? '–' : <Link to={`/members/${e.memberId}`}>{`#${e.memberId}`}</Link>)],
          ['Card', (e) => (e.cardLastFour ? `•••• ${e.cardLastFour}` : '–')],
          ['Restaurant', (e) => e.merchantName ?? e.locationId ?? '–'],
          ['Type', (e) => e.type],
          ['Amount', (e) => (e.amountCents === null ? '–' : dollars(e.amountCents))],
          ['Date', (e) => e.localDateTime ?? '–'],
          ['Event, transaction', (e) => `${e.eventId} · ${e.transactionId ?? '–'}${e.originalTransactionId ? ` (of ${e.originalTransactionId})` : ''}`],
          ['Received', (e) => when(e.receivedAt)],
          ['What the engine said', (e) => e.note ?? '–'],
          ['Act', (e) => (resolves ? (
            <span className="console-actions">
              <ReasonButton label="Apply again" title={`Apply event ${e.eventId} again through the rewards engine`} variant="primary" onDone={done} act={(note) => applyAgain(e.eventId, note)} />
              <ReasonButton label="Dismiss" title={`Dismiss event ${e.eventId}: it is kept with your reason and never applied`} onDone={done} act={(reason) => dismiss(e.eventId, reason)} />
            </span>
          ) : '–')],
        ]} />
      )}
    </section>
  );
}
