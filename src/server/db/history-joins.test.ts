import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { dineOf, dineOfSql, rewardOf } from './history-joins';
import { memberRewards, rewardClaims } from './schema';

/** The joins to the partitioned history name the member, in drizzle and in raw SQL alike (decision 0015's addendum). */
describe('history joins', () => {
  const rendered = (condition: ReturnType<typeof dineOf>) => new PgDialect().sqlToQuery(condition).sql;

  it('joins a dine by its id and its member', () => {
    expect(rendered(dineOf(memberRewards))).toBe('("dines"."id" = "member_rewards"."dine_id" and "dines"."member_id" = "member_rewards"."member_id")');
    expect(rendered(dineOf(rewardClaims))).toBe('("dines"."id" = "reward_claims"."dine_id" and "dines"."member_id" = "reward_claims"."member_id")');
  });

  it('joins a reward by its id and its member', () => {
    expect(rendered(rewardOf(rewardClaims))).toBe('("member_rewards"."id" = "reward_claims"."reward_id" and "member_rewards"."member_id" = "reward_claims"."member_id")');
  });

  it('writes the same join in raw SQL over aliases', () => {
    expect(dineOfSql('d', memberRewards, 'r')).toBe('d.id = r.dine_id and d.member_id = r.member_id');
  });
});
