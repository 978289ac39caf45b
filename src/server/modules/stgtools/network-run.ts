import { sql } from 'drizzle-orm';
import { ZNetworkRun, type NetworkRun, type RunDine } from '#shared/schemas/stgtools';
import type { Db } from '../../db/client';

/**
 * GET /api/stgtools/network-run: what the engine made of one run of a card-network simulator
 * (`npm run simulate`), so the simulator can compare it with a reference model of what it sent.
 * A run is named by the prefix of its transaction and event ids; only this partner's demo
 * accounts are looked at (never a real member's), and only outside production (staging tools).
 */

type Row = {
  public_id: string; transaction_id: string; alias_transaction_id: string | null; auth_amount_cents: number | null; cleared_amount_cents: number | null;
  tip_cents: number | null; online_order: boolean; subtotal_cents: number | null; refunded_cents: number; status: string; reason: string | null; qualified: boolean;
  rate: number | null; earned: number | string; refunds: Array<{ transactionId: string; amountCents: number }>;
};

export async function networkRun(db: Db, opts: { partnerId: number; demoPrefix: string; prefix: string }): Promise<NetworkRun> {
  const like = `${opts.prefix}%`;
  const demo = `${opts.demoPrefix}%`;
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const dines = await rowsOf<Row>(sql`
    select m.public_id, d.transaction_id, d.alias_transaction_id, d.auth_amount_cents, d.cleared_amount_cents, d.tip_cents, d.online_order, d.subtotal_cents,
      d.refunded_cents, d.status, d.reason, d.qualified, d.rate,
      (select coalesce(sum(r.amount), 0) from member_rewards r where r.dine_id = d.id
        and ((r.source_code = 'S' and r.status in ('Awarded', 'Deferred', 'Paid')) or r.source_code = 'A')) as earned,
      (select coalesce(json_agg(json_build_object('transactionId', f.refund_transaction_id, 'amountCents', f.amount_cents) order by f.id), '[]'::json)
        from dine_refunds f where f.dine_id = d.id) as refunds
    from dines d join members m on m.id = d.member_id and m.partner_id = d.partner_id
    where d.partner_id = ${opts.partnerId} and m.public_id like ${demo} and d.transaction_id like ${like}
    order by m.public_id, d.id`);
  const [counts] = await rowsOf<{ unapplied: number; waiting: number; earn_basis: string }>(sql`
    select
      (select count(*)::int from card_network_inbox i where i.processed_at is null and i.event_id like ${like}
        and i.body->>'cardToken' in (select c.network_token from member_cards c join members m on m.id = c.member_id
          where c.partner_id = ${opts.partnerId} and m.public_id like ${demo})) as unapplied,
      (select count(*)::int from parked_refunds p join members m on m.id = p.member_id
        where p.partner_id = ${opts.partnerId} and p.resolved_at is null and m.public_id like ${demo} and p.refund_transaction_id like ${like}) as waiting,
      (select earn_basis from partners where id = ${opts.partnerId}) as earn_basis`);
  const members = new Map<string, RunDine[]>();
  for (const r of dines) {
    const list = members.get(r.public_id) ?? [];
    list.push({
      transactionId: r.transaction_id, aliasTransactionId: r.alias_transaction_id, authCents: r.auth_amount_cents, clearedCents: r.cleared_amount_cents,
      tipCents: r.tip_cents, onlineOrder: r.online_order, subtotalCents: r.subtotal_cents, refundedCents: r.refunded_cents, status: r.status, reason: r.reason,
      qualified: r.qualified, rate: r.rate, earned: Number(r.earned), refunds: r.refunds,
    });
    members.set(r.public_id, list);
  }
  return {
    earnBasis: ZNetworkRun.shape.earnBasis.parse(counts!.earn_basis),
    unapplied: counts!.unapplied,
    waiting: counts!.waiting,
    members: [...members].map(([publicId, list]) => ({ publicId, dines: list })),
  };
}
