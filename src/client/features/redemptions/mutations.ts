import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Redemption, RedemptionRequest } from '#shared/schemas/redemptions';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from '#client/lib/api';
import { newIdempotencyKey } from '#client/lib/idempotency-key';
import { REWARDS_QUERY_KEY } from '../rewards';
import { REDEMPTIONS_QUERY_KEY, redemptionKey, redemptionOptionsQueryOptions } from './api';

// Apart from the queries (api.ts): Reviews & History lists the newest redemptions without loading
// the mutations' code, which is in the forms' chunk (vite.config.ts FORM_MODULES).

/**
 * A redemption attempt: its body and its Idempotency-Key, new per attempt and the same on a retry
 * of it (the server answers the retry with the redemption the first one made: it counts once).
 */
export type RedeemAttempt = { key: string; body: RedemptionRequest };

export function newRedeemAttempt(body: RedemptionRequest): RedeemAttempt {
  return { key: newIdempotencyKey(), body };
}

/** POST /api/Member/Redemptions: 201 with a new redemption, 200 with the one this attempt's key made before. */
export function redeem(attempt: RedeemAttempt): Promise<Redemption> {
  return call(API_PATHS.redeem, { body: attempt.body, headers: { 'idempotency-key': attempt.key } });
}

/**
 * Redeems an attempt; the new redemption is kept for its page, and the balance (here and on
 * Reviews & History) and the lists are asked again.
 */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeem,
    onSuccess: (redemption) => {
      queryClient.setQueryData(redemptionKey(redemption.redemptionId), redemption);
      void queryClient.invalidateQueries({ queryKey: [...REDEMPTIONS_QUERY_KEY, 'options'] });
      void queryClient.invalidateQueries({ queryKey: [...REDEMPTIONS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: REWARDS_QUERY_KEY });
    },
    onError: (error) => {
      // Refused for the balance or a limit: the balance shown may be out of date.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: [...REDEMPTIONS_QUERY_KEY, 'options'] });
    },
  });
}

/** PUT /api/Member/RedemptionSettings: the automatic statement credit on or off; the answer is the options as they now are. */
export function useRedemptionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoStatementCredit: boolean) => call(API_PATHS.redemptionSettings, { body: { autoStatementCredit } }),
    onSuccess: (options) => {
      queryClient.setQueryData(redemptionOptionsQueryOptions().queryKey, options);
    },
  });
}
