import { offersFavorites } from '#shared/rules/partner-features';
import { FAVORITES_LIMIT, type FavoriteDeleteResponse, type FavoriteList, type FavoritePutResponse } from '#shared/schemas/favorites';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toSummary } from '../merchants';
import { addFavorite, favoritesOf, removeFavorite } from './favorites.repo';

/**
 * Favourite restaurants (issue 11; docs/api-favorites.md). A member keeps up to FAVORITES_LIMIT;
 * adding is idempotent, removing too. Only on partners with the merchant favourites switch.
 */

type Who = { partner: PartnerRow; member: MemberRow };

export const FAVORITES_NOT_OFFERED = 'Favourites are not offered on this site.';
export const FAVORITE_MERCHANT_NOT_FOUND = 'We could not find that restaurant. It may have left the program.';
export const FAVORITES_FULL = `You can keep up to ${FAVORITES_LIMIT} favourites. Remove one to add another.`;

/** 404 on a partner without merchant favourites, before anything else about the call. */
export function requireFavorites(partner: PartnerRow): void {
  if (!offersFavorites(partner)) throw AppError.notFound(FAVORITES_NOT_OFFERED);
}

export async function listFavorites(db: Db, { member }: Who, limit = FAVORITES_LIMIT): Promise<FavoriteList> {
  const rows = await favoritesOf(db, member.id);
  return { favorites: rows.map((r) => ({ merchant: toSummary(r.merchant), addedAt: r.addedAt.toISOString() })), limit };
}

export async function putFavorite(db: Db, { member }: Who, merchantId: number, limit = FAVORITES_LIMIT): Promise<FavoritePutResponse> {
  const outcome = await addFavorite(db, member.id, merchantId, limit);
  switch (outcome.kind) {
    case 'noMerchant': throw AppError.notFound(FAVORITE_MERCHANT_NOT_FOUND);
    case 'full': throw new AppError(409, FAVORITES_FULL);
    default: return { merchantId, addedAt: outcome.addedAt.toISOString(), created: outcome.kind === 'added' };
  }
}

export async function deleteFavorite(db: Db, { member }: Who, merchantId: number): Promise<FavoriteDeleteResponse> {
  return { merchantId, removed: await removeFavorite(db, member.id, merchantId) };
}
