import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Card, ZAddCardsRequest, ZCardRegistration } from '#shared/schemas/card';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from '../../lib/api';
import { MEMBER_QUERY_KEY } from '../session';

/**
 * Card calls (docs/api-cards.md). Keys start with 'member' so signing out drops them with the
 * rest of the member's data (features/session signOut).
 */
export const CARDS_QUERY_KEY = ['member', 'cards'] as const;
export const PARTNER_CARDS_QUERY_KEY = ['member', 'partnerCards'] as const;

export type { Card };
export type AddCardsRequest = z.infer<typeof ZAddCardsRequest>;
export type CreditCardInput = AddCardsRequest['creditCards'][number];
export type CardRegistration = z.infer<typeof ZCardRegistration>;
export type CardRegistrationEntry = CardRegistration[number];

/** GET /api/Member/Cards: the member's linked cards. */
export function fetchCards(signal?: AbortSignal): Promise<Card[]> {
  return call(API_PATHS.memberCards, { signal });
}

export function cardsQueryOptions() {
  return queryOptions({ queryKey: CARDS_QUERY_KEY, queryFn: ({ signal }) => fetchCards(signal), staleTime: Infinity });
}

export function useCards() {
  return useQuery(cardsQueryOptions());
}

/** GET /api/Cards/AllPartnerCards: only where partner.hasPartnerLoadedCards; §7 cached forever. */
export function partnerCardsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: PARTNER_CARDS_QUERY_KEY,
    queryFn: ({ signal }) => call(API_PATHS.partnerCards, { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** What POST /api/Member/Cards came to (§7: 401/500 with status text, other failures with the body). */
export type AddCardsOutcome =
  /** 200: at least one card linked; entries with an error failed. */
  | { kind: 'registered'; registration: CardRegistration }
  /** 400 with cardRegistration: every card failed. */
  | { kind: 'allFailed'; registration: CardRegistration }
  | { kind: 'unauthorized' }
  /**
   * 409 cardInOtherProgramme: a card earns in another programme of this deployment; nothing was
   * linked. `notices` say which and where ('This card earns with X today; linking it here moves it.').
   */
  | { kind: 'moveNotice'; notices: string[] }
  /** 400 with field errors (the captcha field among them). */
  | { kind: 'invalid'; fieldErrors: Array<{ field: string; message: string }>; message: string }
  /** 500, network trouble, anything else. */
  | { kind: 'failed'; status: number; statusText: string };

function registrationOf(body: unknown): CardRegistration | null {
  if (typeof body !== 'object' || body === null) return null;
  const list = (body as { cardRegistration?: unknown }).cardRegistration;
  return Array.isArray(list) ? (list as CardRegistration) : null;
}

function codeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/** POST /api/Member/Cards with X-XSRF-TOKEN; never throws, the form shows each outcome. */
export async function addCards(body: AddCardsRequest): Promise<AddCardsOutcome> {
  try {
    const answer = await call(API_PATHS.addCards, { body });
    const registration = registrationOf(answer);
    return registration ? { kind: 'registered', registration } : { kind: 'failed', status: 200, statusText: 'Unexpected answer' };
  } catch (err) {
    if (!(err instanceof ApiError)) return { kind: 'failed', status: 0, statusText: err instanceof Error ? err.message : 'Network error' };
    if (err.status === 401) return { kind: 'unauthorized' };
    if (err.status >= 500) return { kind: 'failed', status: err.status, statusText: err.statusText };
    if (err.status === 409 && codeOf(err.body) === 'cardInOtherProgramme') {
      const notices = err.fieldErrors.length > 0 ? err.fieldErrors.map((f) => f.message) : [err.message];
      return { kind: 'moveNotice', notices };
    }
    const registration = registrationOf(err.body);
    if (registration && registration.length > 0) return { kind: 'allFailed', registration };
    if (err.fieldErrors.length > 0 || err.status === 400) return { kind: 'invalid', fieldErrors: err.fieldErrors, message: err.message };
    return { kind: 'failed', status: err.status, statusText: err.statusText };
  }
}

/**
 * Linking cards. Once at least one card is linked, the card list is fetched again and so is the
 * member (§4: a first card makes a card member, §3; the top bar and page body follow the member
 * query). Not awaited: the page may move on meanwhile.
 */
export function useAddCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCards,
    onSuccess: (outcome) => {
      if (outcome.kind !== 'registered' || !outcome.registration.some((r) => !r.error)) return;
      void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY, exact: true });
      void queryClient.refetchQueries({ queryKey: MEMBER_QUERY_KEY, exact: true });
    },
  });
}

/** DELETE /api/Member/Cards?id=: true when deleted. */
export function deleteCard(id: number): Promise<boolean> {
  return call(API_PATHS.deleteCard, { query: { id } });
}

/**
 * Deleting a card. On success the list is fetched again, except after the last card: that closes
 * the account and ends the session (the caller signs the member out), so there is nothing to fetch.
 */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card }: { card: Card; last: boolean }) => deleteCard(card.id),
    onSuccess: (_answer, { last }) => (last ? undefined : queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY, exact: true })),
  });
}
