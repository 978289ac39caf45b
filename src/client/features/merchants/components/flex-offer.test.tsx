// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { FlexOffer } from '#shared/schemas/flex-offers';
import { setCsrfToken } from '#client/lib/csrf';
import { renderWithProviders } from '#client/test/render';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { FlexOfferNote, flexOfferText } from './flex-offer';
import { withFakeTime } from '#client/test/fake-time';

type Reply = { status: number; body: unknown };
function stubFetch(reply: Reply) {
  const calls: Array<{ url: string; headers: Headers }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, headers: new Headers(init.headers) });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

beforeEach(() => { setCsrfToken('test-csrf'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const offer: FlexOffer = { id: 7, webMessageOfferAmount: 500, merchantId: 42, validFrom: '2026-11-20', validTo: '2026-11-30' };
const miles = makePartnerConfig({ hasFlexOffers: true, enrollmentType: 'direct', currencyType: 'Mile', copyStates: { ...makePartnerConfig().copyStates, currencySingular: 'mile', currencyPlural: 'miles' } });

describe('flexOfferText', () => {
  it('says the extra amount in the partner\'s unit and the last day', () => {
    expect(flexOfferText(offer, miles)).toBe('Your offer: earn an extra 500 miles when you dine here by Nov 30.');
    expect(flexOfferText({ ...offer, webMessageOfferAmount: 2.5 }, { ...miles, currencyType: 'Dollar' })).toBe('Your offer: earn an extra $2.50 when you dine here by Nov 30.');
  });
});

describe('FlexOfferNote', () => {
  it('asks for the signed-in member\'s own offer with the anti-forgery header and shows it', async () => {
    const member = makeMember();
    const calls = stubFetch({ status: 200, body: offer });
    renderWithProviders(<FlexOfferNote merchantId={42} />, { partner: miles, member });
    expect(await screen.findByText('Your offer: earn an extra 500 miles when you dine here by Nov 30.')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toContain(`/api/merchants/42/flex-offers/members/${encodeURIComponent(member.publicId)}`);
    expect(calls[0]!.headers.get('x-xsrf-token')).toBe('test-csrf');
  });

  it('shows nothing when there is no offer (404)', async () => {
    const calls = stubFetch({ status: 404, body: { statusCode: 404, message: 'You have no flex offer at this restaurant today.' } });
    const { container } = await withFakeTime(() => renderWithProviders(<FlexOfferNote merchantId={42} />, { partner: miles, member: makeMember() }));
    expect(calls).toHaveLength(1);
    expect(container.textContent).toBe('');
  });

  it('does not ask for a visitor or on a partner without flex offers', async () => {
    const calls = stubFetch({ status: 200, body: offer });
    await withFakeTime(() => renderWithProviders(<FlexOfferNote merchantId={42} />, { partner: miles, member: null }));
    cleanup();
    await withFakeTime(() => renderWithProviders(<FlexOfferNote merchantId={42} />, { partner: { ...miles, hasFlexOffers: false }, member: makeMember() }));
    expect(calls).toEqual([]);
    expect(screen.queryByText(/Your offer/)).toBeNull();
  });
});
