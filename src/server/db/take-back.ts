import { sql, type SQL } from 'drizzle-orm';

/**
 * The take-back of rewards whose qualifying dine was refunded (a bonus award, a flex offer), as
 * the end of one statement whose `x` rows hold (reward_id, partner_id, member_id, dine_id, amount):
 * for the rows `taken` picks, the reward becomes Forfeit ('refunded', amount 0) if not paid yet,
 * else a J adjustment of minus its amount (with `description`) offsets later earnings. One statement
 * for the bonus awards (modules/bonuses) and the flex offers (modules/card-network).
 */
export function takeBackRewardsSql(taken: SQL, description: string): SQL {
  return sql`f as (
      update member_rewards r set status = 'Forfeit', amount = 0, reason = 'refunded', updated_at = now()
      from x where r.id = x.reward_id and r.status <> 'Paid' and ${taken}
      returning r.id
    )
    insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status, reason, description)
    select x.partner_id, x.member_id, x.dine_id, 'J', -x.amount, 'Awarded', 'refunded', ${description}
    from x where ${taken} and x.reward_id not in (select id from f)`;
}
