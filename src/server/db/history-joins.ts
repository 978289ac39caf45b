import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dines, memberRewards } from './schema';

/**
 * The join of a row that names a dine or a reward (its id and its member) to that dine or reward:
 * by the id and the member. The foreign keys (dine_id, member_id) → dine_ids and (reward_id,
 * member_id) → member_reward_ids make the member the same, so naming it changes no answer. It lets
 * the planner reach the member's rows through each month's (member_id, time) index of the
 * partitioned history, instead of reading every month's partition whole, as it did for Reviews &
 * History on the embedded database (issue 30, bench/page-assembly.ts). Written once, here: for
 * drizzle (dineOf, rewardOf) and for raw SQL over table aliases (dineOfSql).
 */
type NamesDine = { dineId: AnyPgColumn; memberId: AnyPgColumn };
type NamesReward = { rewardId: AnyPgColumn; memberId: AnyPgColumn };

/** The dine's columns and the naming row's, pair by pair: the id, then the member. */
const dinePairs = (row: NamesDine): Array<[AnyPgColumn, AnyPgColumn]> => [[dines.id, row.dineId], [dines.memberId, row.memberId]];
const rewardPairs = (row: NamesReward): Array<[AnyPgColumn, AnyPgColumn]> => [[memberRewards.id, row.rewardId], [memberRewards.memberId, row.memberId]];

export const dineOf = (row: NamesDine) => and(...dinePairs(row).map(([own, named]) => eq(own, named)))!;
export const rewardOf = (row: NamesReward) => and(...rewardPairs(row).map(([own, named]) => eq(own, named)))!;

/** dineOf in raw SQL: the dine as `dineAlias`, the row naming it (a table of `row`'s columns) as `rowAlias`. */
export const dineOfSql = (dineAlias: string, row: NamesDine, rowAlias: string) =>
  dinePairs(row).map(([own, named]) => `${dineAlias}.${own.name} = ${rowAlias}.${named.name}`).join(' and ');
