import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dines, memberRewards } from './schema';

/**
 * The join of a row that names a dine or a reward (its id and its member) to that dine or reward:
 * by the id and the member. The foreign keys (dine_id, member_id) → dine_ids and (reward_id,
 * member_id) → member_reward_ids make the member the same, so naming it changes no answer. It lets
 * the planner reach the member's rows through each month's (member_id, time) index of the
 * partitioned history, instead of reading every month's partition whole, as it did for Reviews &
 * History on the embedded database (issue 30, bench/page-assembly.ts). Raw SQL writes the same
 * join: rewards.repo.ts DINE_OF_REWARD.
 */
export const dineOf = (row: { dineId: AnyPgColumn; memberId: AnyPgColumn }) => and(eq(dines.id, row.dineId), eq(dines.memberId, row.memberId))!;
export const rewardOf = (row: { rewardId: AnyPgColumn; memberId: AnyPgColumn }) => and(eq(memberRewards.id, row.rewardId), eq(memberRewards.memberId, row.memberId))!;
