import type { CardRegistration, CardRegistrationEntry } from './api';

/** §8 one failed card: 'description ending in lastFour - code: message'. */
export function failedCardLine(entry: CardRegistrationEntry): string {
  const { description, lastFour } = entry.memberCard;
  return `${description} ending in ${lastFour} - ${entry.error?.code ?? 'ERROR'}: ${entry.error?.message ?? 'The card could not be linked.'}`;
}

/** 'ending in 1111', 'ending in 1111 and 2222', 'ending in 1111, 2222 and 3333'. */
export function endingIn(lastFours: string[]): string {
  if (lastFours.length <= 1) return `ending in ${lastFours[0] ?? ''}`;
  return `ending in ${lastFours.slice(0, -1).join(', ')} and ${lastFours.at(-1)}`;
}

/** §4 re-enrolment and card-linked wording: 'Your card ending in {lastFour} has been linked.' */
export function linkedMessage(lastFours: string[]): string {
  return lastFours.length > 1 ? `Your cards ${endingIn(lastFours)} have been linked.` : `Your card ${endingIn(lastFours)} has been linked.`;
}

export type RegistrationSummary = {
  /** §8: full success, partial, or all failed. */
  kind: 'success' | 'partial' | 'failed';
  linked: CardRegistrationEntry[];
  failed: CardRegistrationEntry[];
};

export function summariseRegistration(registration: CardRegistration): RegistrationSummary {
  const linked = registration.filter((r) => !r.error);
  const failed = registration.filter((r) => r.error);
  const kind = failed.length === 0 ? 'success' : linked.length === 0 ? 'failed' : 'partial';
  return { kind, linked, failed };
}

/** Headline of each result. */
export const RESULT_TITLES = {
  success: (linked: CardRegistrationEntry[]) => linkedMessage(linked.map((r) => r.memberCard.lastFour)),
  partial: 'Some of your cards were linked, but not all of them.',
  failed: (count: number) => (count > 1 ? 'We could not link your cards.' : 'We could not link your card.'),
} as const;

/**
 * §3 local storage 'card registration success': what the success page says was linked (brand,
 * last four and description only; there is nothing secret in a registration result).
 */
export const CARD_REGISTRATION_KEY = 'cardRegistrationSuccess';

export type StoredRegistration = { cards: Array<{ cardType: string; lastFour: string; description: string }>; at: string };

export function storeRegistration(linked: CardRegistrationEntry[]) {
  try {
    const value: StoredRegistration = { cards: linked.map((r) => ({ cardType: r.memberCard.cardType, lastFour: r.memberCard.lastFour, description: r.memberCard.description })), at: new Date().toISOString() };
    window.localStorage.setItem(CARD_REGISTRATION_KEY, JSON.stringify(value));
  } catch {
    // Storage can be full or blocked; the success page then speaks in general terms.
  }
}

export function readRegistration(): StoredRegistration | null {
  try {
    const raw = window.localStorage.getItem(CARD_REGISTRATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredRegistration;
    return Array.isArray(value?.cards) ? value : null;
  } catch {
    return null;
  }
}
