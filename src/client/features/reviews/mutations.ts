import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewRequest } from '#shared/schemas/reviews';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { merchantReviewsKey, REVIEWS_MEMBER_KEY } from './api';

// Apart from the queries (api.ts): Reviews & History reads the review statuses without loading
// the mutation's code, which is in the forms' chunk (vite.config.ts FORM_MODULES).

/**
 * POST /api/reviews. Afterwards the review statuses, the visit, the restaurant's reviews and
 * figures, and search answers (the tile's rating) are fetched again when next shown.
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => call(API_PATHS.createReview, { body }),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REVIEWS_MEMBER_KEY }),
        queryClient.invalidateQueries({ queryKey: merchantReviewsKey(result.merchant.id) }),
        queryClient.invalidateQueries({ queryKey: ['merchants'] }),
      ]);
    },
  });
}
