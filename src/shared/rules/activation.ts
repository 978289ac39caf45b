/** §3 known visitor, as GET /api/Member/{publicId} returns it. */
export type KnownVisitor = { publicId: string; tierLevel: number; hasWebProfile: boolean; active: boolean };

export const TIER = { OptedOut: 0, NonActivated: 1, OptedIn: 2, VIP: 3 } as const;

export type ActivationStep =
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string }
  | { kind: 'activate'; visitor: KnownVisitor };

/**
 * §4 activation flow: no public id → /join?rfr=0; lookup failed → /join?rfr=1; already past
 * tier 1: no web profile → /join?rfr=2, active with a profile → /login?rfr=3, inactive →
 * /login?rfr=4; a NonActivated visitor sees the activation stage.
 */
export function activationStep(input: { publicId: string | null; loading: boolean; error: boolean; visitor?: KnownVisitor }): ActivationStep {
  if (!input.publicId) return { kind: 'redirect', to: '/join?rfr=0' };
  if (input.loading) return { kind: 'loading' };
  if (input.error || !input.visitor) return { kind: 'redirect', to: '/join?rfr=1' };
  const v = input.visitor;
  if (v.tierLevel === TIER.NonActivated) return { kind: 'activate', visitor: v };
  if (!v.hasWebProfile) return { kind: 'redirect', to: '/join?rfr=2' };
  return { kind: 'redirect', to: v.active ? '/login?rfr=3' : '/login?rfr=4' };
}
