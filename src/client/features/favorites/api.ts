import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteDeleteResponse, FavoriteList, FavoritePutResponse } from '#shared/schemas/favorites';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';

/**
 * Favourite restaurants (docs/api-favorites.md). The key starts with 'member' so signing out drops
 * it with the rest of the member's data.
 */
export const FAVORITES_QUERY_KEY = ['member', 'favorites'] as const;

export function fetchFavorites(signal?: AbortSignal): Promise<FavoriteList> {
  return call(API_PATHS.favorites, { signal });
}

/** The member's favourites; only asked for where `enabled` (a signed-in member of a partner with favourites). */
export function useFavorites(enabled: boolean) {
  return useQuery({ queryKey: FAVORITES_QUERY_KEY, queryFn: ({ signal }) => fetchFavorites(signal), enabled, staleTime: 60_000 });
}

export type ToggleFavorite = { merchant: MerchantSummary; favorite: boolean };

/**
 * Adds or removes a favourite at once on the page (optimistic) and puts the list back as it was
 * when the call fails; the list is asked again afterwards either way.
 */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ merchant, favorite }: ToggleFavorite): Promise<FavoritePutResponse | FavoriteDeleteResponse> => favorite
      ? call(API_PATHS.addFavorite, { params: { merchantId: merchant.id } })
      : call(API_PATHS.removeFavorite, { params: { merchantId: merchant.id } }),
    onMutate: async ({ merchant, favorite }): Promise<{ before: FavoriteList | undefined }> => {
      await client.cancelQueries({ queryKey: FAVORITES_QUERY_KEY });
      const before = client.getQueryData<FavoriteList>(FAVORITES_QUERY_KEY);
      if (before) {
        const rest = before.favorites.filter((f) => f.merchant.id !== merchant.id);
        const favorites = favorite ? [{ merchant, addedAt: new Date().toISOString() }, ...rest] : rest;
        client.setQueryData<FavoriteList>(FAVORITES_QUERY_KEY, { ...before, favorites });
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(FAVORITES_QUERY_KEY, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
  });
}

const PENDING_KEY = 'favorites.pending';

/** A visitor's heart: the restaurant to add once they are back signed in (this tab only). */
export function savePendingFavorite(merchantId: number) {
  try { sessionStorage.setItem(PENDING_KEY, String(merchantId)); } catch { /* storage off: they add it again */ }
}

/** The pending restaurant if it is this one, cleared as it is read. */
export function takePendingFavorite(merchantId: number): boolean {
  try {
    if (sessionStorage.getItem(PENDING_KEY) !== String(merchantId)) return false;
    sessionStorage.removeItem(PENDING_KEY);
    return true;
  } catch {
    return false;
  }
}
