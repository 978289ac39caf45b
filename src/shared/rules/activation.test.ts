import { describe, expect, it } from 'vitest';
import { activationStep, type KnownVisitor } from './activation';

const visitor = (over: Partial<KnownVisitor> = {}): KnownVisitor => ({ publicId: 'pub-1', tierLevel: 1, hasWebProfile: false, active: true, ...over });

describe('activationStep (§4)', () => {
  it('sends a visitor without a public id to /join?rfr=0', () => {
    expect(activationStep({ publicId: null, loading: false, error: false })).toEqual({ kind: 'redirect', to: '/join?rfr=0' });
    expect(activationStep({ publicId: '', loading: true, error: false })).toEqual({ kind: 'redirect', to: '/join?rfr=0' });
  });

  it('shows the spinner while the lookup loads', () => {
    expect(activationStep({ publicId: 'pub-1', loading: true, error: false })).toEqual({ kind: 'loading' });
  });

  it('sends a failed lookup to /join?rfr=1', () => {
    expect(activationStep({ publicId: 'pub-1', loading: false, error: true })).toEqual({ kind: 'redirect', to: '/join?rfr=1' });
    expect(activationStep({ publicId: 'pub-1', loading: false, error: false })).toEqual({ kind: 'redirect', to: '/join?rfr=1' });
  });

  it('shows the activation stage to a NonActivated visitor', () => {
    const v = visitor();
    expect(activationStep({ publicId: 'pub-1', loading: false, error: false, visitor: v })).toEqual({ kind: 'activate', visitor: v });
    // Even one with a web profile: the tier decides.
    expect(activationStep({ publicId: 'pub-1', loading: false, error: false, visitor: visitor({ hasWebProfile: true }) }).kind).toBe('activate');
  });

  it('redirects visitors past tier 1 by web profile and activity', () => {
    for (const tierLevel of [0, 2, 3]) {
      expect(activationStep({ publicId: 'p', loading: false, error: false, visitor: visitor({ tierLevel, hasWebProfile: false }) })).toEqual({ kind: 'redirect', to: '/join?rfr=2' });
      expect(activationStep({ publicId: 'p', loading: false, error: false, visitor: visitor({ tierLevel, hasWebProfile: true, active: true }) })).toEqual({ kind: 'redirect', to: '/login?rfr=3' });
      expect(activationStep({ publicId: 'p', loading: false, error: false, visitor: visitor({ tierLevel, hasWebProfile: true, active: false }) })).toEqual({ kind: 'redirect', to: '/login?rfr=4' });
    }
  });
});
