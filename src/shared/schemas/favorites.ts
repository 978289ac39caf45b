import { z } from 'zod';
import { ZMerchantIdParams, ZMerchantSummary } from './merchant';

/** Favourite restaurants a member may keep (docs/api-favorites.md). */
export const FAVORITES_LIMIT = 500;

/** PUT and DELETE /api/Member/Favorites/{merchantId}. */
export const ZFavoriteParams = ZMerchantIdParams;

export const ZFavorite = z.object({
  merchant: ZMerchantSummary,
  addedAt: z.string().describe('When the member added it (ISO 8601).'),
});

/** GET /api/Member/Favorites: newest first. */
export const ZFavoriteList = z.object({
  favorites: z.array(ZFavorite),
  limit: z.number().describe('How many favourites a member may keep.'),
});
export type FavoriteList = z.infer<typeof ZFavoriteList>;

/** PUT answer: the favourite, and whether this call added it (false: it was one already). */
export const ZFavoritePutResponse = z.object({
  merchantId: z.number(),
  addedAt: z.string(),
  created: z.boolean(),
});
export type FavoritePutResponse = z.infer<typeof ZFavoritePutResponse>;

/** DELETE answer: removed is false when it was not a favourite (nothing to do). */
export const ZFavoriteDeleteResponse = z.object({ merchantId: z.number(), removed: z.boolean() });
export type FavoriteDeleteResponse = z.infer<typeof ZFavoriteDeleteResponse>;
