import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import type { DineNowRequest, NetworkSample } from '#shared/schemas/stgtools';
import type { Db } from '../../db/client';
import { cardNetworkInbox, dines, memberCards, members, merchantNetworkLocations, merchants, type MemberRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { CARD_NETWORK_EVENTS_PATH } from '../../plugins/route-rules';
import { authEvent, clearingEvent, newTransactionId, signedRequest, type Purchase } from '../rewards';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';


export const NO_CARD = 'Link a card first: a dine is a purchase with a linked card.';
export const UNKNOWN_CARD = 'You have no linked card with this id.';
export const UNKNOWN_MERCHANT = 'There is no restaurant with this id.';
export const NO_PENDING_DINE = 'You have no dine waiting for its clearing with this transaction id at this restaurant.';
export const NO_LOCATION = 'This restaurant has no card-network location, so a card network cannot report a purchase there.';

/**
 * Builds the authorisation (and, by default, the clearing) of a purchase on the member's card at
 * the restaurant's network location, signs them with CARD_EVENTS_SECRET and posts them to the
 * real webhook in-process: the dine arrives exactly as a network's would, and the engine applies
 * it within a second or two.
 */
export async function dineNow(app: FastifyInstance, opts: { db: Db; secret: string; member: MemberRow; body: DineNowRequest; now?: Date }): Promise<{ transactionId: string }> {
  const { db, member, body } = opts;
  if (body.clearTransactionId !== undefined) return clearEarlier(app, { ...opts, transactionId: body.clearTransactionId });
  const cards = await db.select().from(memberCards)
    .where(and(eq(memberCards.partnerId, member.partnerId), eq(memberCards.memberId, member.id))).orderBy(asc(memberCards.id));
  const card = body.cardId === undefined ? cards[0] : cards.find((c) => c.id === body.cardId);
  if (!card) throw body.cardId === undefined ? AppError.badRequest(NO_CARD) : AppError.notFound(UNKNOWN_CARD);
  const [merchant] = await db.select({ id: merchants.id, state: merchants.state }).from(merchants).where(eq(merchants.id, body.merchantId));
  if (!merchant) throw AppError.notFound(UNKNOWN_MERCHANT);
  const [location] = await db.select({ locationId: merchantNetworkLocations.locationId }).from(merchantNetworkLocations)
    .where(eq(merchantNetworkLocations.merchantId, merchant.id)).orderBy(asc(merchantNetworkLocations.locationId)).limit(1);
  if (!location) throw AppError.badRequest(NO_LOCATION);

  const purchase: Purchase = {
    transactionId: newTransactionId('stg'), cardToken: card.networkToken, locationId: location.locationId,
    localDateTime: merchantLocalDateTime(opts.now ?? new Date(), merchant.state),
  };
  await post(app, opts.secret, [authEvent(purchase, body.amountCents), ...(body.clear ? [clearingEvent(purchase, body.amountCents)] : [])]);
  return { transactionId: purchase.transactionId };
}

/**
 * The clearing of a purchase Dine now authorised earlier (authorise only): the same transaction,
 * card and place, the amount given (the tip added), so the one dine goes from Pending to earning.
 */
async function clearEarlier(app: FastifyInstance, opts: { db: Db; secret: string; member: MemberRow; body: DineNowRequest; transactionId: string }): Promise<{ transactionId: string }> {
  const { db, member, body, transactionId } = opts;
  const [dine] = await db.select({ merchantId: dines.merchantId, clearedAt: dines.clearedAt }).from(dines)
    .where(and(eq(dines.memberId, member.id), eq(dines.partnerId, member.partnerId), eq(dines.transactionId, transactionId)));
  if (!dine || dine.merchantId !== body.merchantId || dine.clearedAt) throw AppError.notFound(NO_PENDING_DINE);
  // The authorisation as the network sent it: its card token, place and local time.
  const [auth] = await db.select({ body: cardNetworkInbox.body }).from(cardNetworkInbox)
    .where(and(eq(cardNetworkInbox.type, 'auth'), sql`${cardNetworkInbox.body}->>'transactionId' = ${transactionId}`)).limit(1);
  const sent = auth?.body as { cardToken?: string; merchantLocationId?: string; localDateTime?: string } | undefined;
  if (!sent?.cardToken || !sent.merchantLocationId || !sent.localDateTime) throw AppError.notFound(NO_PENDING_DINE);
  const purchase: Purchase = { transactionId, cardToken: sent.cardToken, locationId: sent.merchantLocationId, localDateTime: sent.localDateTime };
  await post(app, opts.secret, [clearingEvent(purchase, body.amountCents)]);
  return { transactionId };
}

/** Posts signed events to the real webhook in-process, in order. */
async function post(app: FastifyInstance, secret: string, events: ReturnType<typeof authEvent>[]): Promise<void> {
  for (const e of events) {
    const { body: payload, headers } = signedRequest(secret, e);
    const res = await app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, headers: { ...headers, host: 'localhost' }, payload });
    if (res.statusCode !== 200) {
      app.log.error({ statusCode: res.statusCode, eventId: e.id }, 'staging dine not accepted by the webhook');
      throw new AppError(502, 'The card-network webhook did not accept the dine. Please try again.');
    }
  }
}


/**
 * What a card-network simulator needs on this partner (`npm run simulate`): the network tokens
 * of the demo accounts' linked cards (never a real member's) and network locations of restaurants
 * taking part. A token is no card number, and events naming it count only when signed with
 * CARD_EVENTS_SECRET.
 */
export async function networkSample(db: Db, opts: { partnerId: number; demoPrefix: string; limit?: number }): Promise<NetworkSample> {
  const cards = await db.select({ publicId: members.publicId, cardToken: memberCards.networkToken, lastFour: memberCards.lastFour }).from(memberCards)
    .innerJoin(members, eq(members.id, memberCards.memberId))
    .where(and(eq(memberCards.partnerId, opts.partnerId), like(members.publicId, `${opts.demoPrefix}%`)))
    .orderBy(asc(memberCards.id));
  const locations = await db.select({ merchantId: merchants.id, locationId: merchantNetworkLocations.locationId, state: merchants.state })
    .from(merchantNetworkLocations).innerJoin(merchants, eq(merchants.id, merchantNetworkLocations.merchantId))
    .where(and(eq(merchants.participating, true), isNull(merchants.participationStart)))
    .orderBy(asc(merchantNetworkLocations.merchantId)).limit(opts.limit ?? 200);
  return { cards, locations };
}
