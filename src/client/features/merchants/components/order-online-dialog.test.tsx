// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { renderWithAirline } from '#client/test/render';
import { merchantFixture } from '#client/test/merchant-fixture';
import { ONLINE_ORDER_NOTE, onlineOrderNote, OrderOnlineDialog } from './order-online-dialog';

afterEach(cleanup);

const detail = (over: Partial<MerchantDetail> = {}): MerchantDetail => ({
  ...merchantFixture(),
  description: '', phone: '3125550100', website: null, features: ['takeout', 'delivery', 'onlineOrdering'], mealsServed: [], hours: [],
  menuImages: [], events: [], reviewsSummary: null,
  orderOnline: { delivery: '/demo-restaurants/12/order?mode=delivery', takeout: '/demo-restaurants/12/order?mode=takeout' },
  benefits: { timeZone: 'America/Chicago', participating: true, participationStart: null, participationEnd: null, benefitHours: null, blackoutDates: [], monthlyVisitLimit: null },
  ...over,
});

describe('OrderOnlineDialog', () => {
  it('lists delivery and takeout with their ordering pages in a new tab, the subtotal note and the phone', () => {
    renderWithAirline(<OrderOnlineDialog merchant={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Order online from Blue Plate Diner' });
    const ways = within(dialog).getByRole('list', { name: 'Ways to order' });
    expect(within(ways).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Delivery', 'Takeout']);
    const delivery = within(dialog).getByRole('link', { name: /Order delivery/ });
    expect(delivery.getAttribute('href')).toBe('/demo-restaurants/12/order?mode=delivery');
    expect(delivery.getAttribute('target')).toBe('_blank');
    expect(delivery.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).getByRole('link', { name: /Order takeout/ }).getAttribute('href')).toBe('/demo-restaurants/12/order?mode=takeout');
    expect(dialog.textContent).toContain(ONLINE_ORDER_NOTE);
    expect(within(dialog).getByRole('link', { name: /312.*555.*0100/ }).getAttribute('href')).toMatch(/^tel:/);
  });

  it('tells visitors of a site without enrolment to pay with the partner\'s card, not a linked one (issue 25)', () => {
    expect(onlineOrderNote({ enrollmentType: 'none', copyStates: { partnerName1: 'DAAK' } })).toMatch(/Pay with your DAAK card\.$/);
    expect(onlineOrderNote({ enrollmentType: 'none', copyStates: { partnerName1: 'DAAK' } })).not.toMatch(/linked/);
    expect(onlineOrderNote({ enrollmentType: 'direct', copyStates: { partnerName1: 'Hilton' } })).toBe(ONLINE_ORDER_NOTE);
  });

  it('shows only the ways the restaurant offers, and never an unsafe address', () => {
    renderWithAirline(<OrderOnlineDialog merchant={detail({ orderOnline: { delivery: 'javascript:alert(1)', takeout: 'https://x.example.com/t' } })} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('link', { name: /Order delivery/ })).toBeNull();
    expect(within(dialog).getByRole('link', { name: /Order takeout/ })).toBeTruthy();
  });

  it('says so where the restaurant takes no orders online', () => {
    renderWithAirline(<OrderOnlineDialog merchant={detail({ orderOnline: null })} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain("Blue Plate Diner doesn't take orders online.");
    expect(dialog.textContent).not.toContain(ONLINE_ORDER_NOTE);
    expect(dialog.textContent).toContain('Order by phone:');
  });

  it('closes with Escape and with its close button', () => {
    const onClose = vi.fn();
    renderWithAirline(<OrderOnlineDialog merchant={detail()} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
