import { describe, expect, it } from 'vitest';
import { basisCents, rewardFor, rowBasis, type Bill } from './policy';

/**
 * What a dine earns on, on each side of its limits (issue 31 items 1 and 2): the whole bill or the
 * bill before tip, an online order's subtotal, refunds pro rata, and the basis a history row shows
 * so that its rate times its basis gives its reward.
 */
const bill = (over: Partial<Bill> = {}): Bill => ({ clearedCents: 5000, authCents: 4000, tipCents: null, online: false, subtotalCents: null, refundedCents: 0, ...over });

describe('basisCents', () => {
  it('the whole bill: the cleared amount, else the authorised one; nothing for nothing', () => {
    expect(basisCents(bill(), 'wholeBill')).toBe(5000);
    expect(basisCents(bill({ clearedCents: null }), 'wholeBill')).toBe(4000);
    expect(basisCents(bill({ clearedCents: null, authCents: null }), 'wholeBill')).toBe(0);
    expect(basisCents(bill({ clearedCents: 0 }), 'wholeBill')).toBe(0);
    expect(basisCents(bill({ clearedCents: -100 }), 'wholeBill')).toBe(0);
  });

  it('before tip: the tip the network reports (capped to the bill, never negative), else what the clearing added to the authorisation', () => {
    expect(basisCents(bill(), 'preTip')).toBe(4000);
    expect(basisCents(bill({ tipCents: 700 }), 'preTip')).toBe(4300);
    expect(basisCents(bill({ tipCents: 0 }), 'preTip')).toBe(5000);
    expect(basisCents(bill({ tipCents: -50 }), 'preTip')).toBe(5000);
    expect(basisCents(bill({ tipCents: 9000 }), 'preTip')).toBe(0);
    expect(basisCents(bill({ authCents: 5000 }), 'preTip')).toBe(5000);
    expect(basisCents(bill({ authCents: 6000 }), 'preTip')).toBe(5000);
    expect(basisCents(bill({ authCents: null }), 'preTip')).toBe(5000);
    // Only authorised: the authorised amount, before tip either way.
    expect(basisCents(bill({ clearedCents: null }), 'preTip')).toBe(4000);
  });

  it("an online order earns on its subtotal (never more than the bill), either basis", () => {
    expect(basisCents(bill({ online: true, subtotalCents: 3500 }), 'wholeBill')).toBe(3500);
    expect(basisCents(bill({ online: true, subtotalCents: 3500 }), 'preTip')).toBe(3500);
    expect(basisCents(bill({ online: true, subtotalCents: 8000 }), 'wholeBill')).toBe(5000);
    expect(basisCents(bill({ online: true, subtotalCents: null }), 'wholeBill')).toBe(5000);
    expect(basisCents(bill({ online: false, subtotalCents: 3500 }), 'wholeBill')).toBe(5000);
  });

  it('refunds take their share, rounded down; a refund of all of it or more leaves nothing', () => {
    expect(basisCents(bill({ refundedCents: 1000 }), 'wholeBill')).toBe(4000);
    expect(basisCents(bill({ refundedCents: 1000 }), 'preTip')).toBe(3200);
    expect(basisCents(bill({ refundedCents: 1, clearedCents: 3, authCents: 3 }), 'wholeBill')).toBe(2);
    expect(basisCents(bill({ refundedCents: 1, clearedCents: 3, authCents: 2 }), 'preTip')).toBe(1);
    expect(basisCents(bill({ refundedCents: 5000 }), 'wholeBill')).toBe(0);
    expect(basisCents(bill({ refundedCents: 6000 }), 'wholeBill')).toBe(0);
  });
});

describe('rowBasis', () => {
  it('the basis now, with why it is less than the bill: before tip, the online subtotal, a refund', () => {
    expect(rowBasis(bill(), 'wholeBill', 3, 150)).toEqual({ cents: 5000, reasons: [] });
    expect(rowBasis(bill(), 'preTip', 3, 120)).toEqual({ cents: 4000, reasons: ['beforeTip'] });
    expect(rowBasis(bill({ authCents: 5000 }), 'preTip', 3, 150)).toEqual({ cents: 5000, reasons: [] });
    expect(rowBasis(bill({ online: true, subtotalCents: 3500 }), 'preTip', 3, 105)).toEqual({ cents: 3500, reasons: ['onlineSubtotal'] });
    expect(rowBasis(bill({ online: true, subtotalCents: 5000 }), 'wholeBill', 3, 150)).toEqual({ cents: 5000, reasons: [] });
    expect(rowBasis(bill({ refundedCents: 1000 }), 'wholeBill', 3, 120)).toEqual({ cents: 4000, reasons: ['refund'] });
  });

  it('where the row was paid before a refund (an Adjustment row took it back), the basis its reward was paid on', () => {
    // Paid 150 on 5000; then refunded 1000: the dine's row keeps 5000, the refund is the adjustment's.
    expect(rowBasis(bill({ refundedCents: 1000 }), 'wholeBill', 3, 150)).toEqual({ cents: 5000, reasons: [] });
    // Paid after part of the refund: the least refund at which the rate gives the row's reward.
    const r = rowBasis(bill({ refundedCents: 1000 }), 'wholeBill', 3, 135);
    expect(rewardFor(r.cents, 3)).toBe(135);
    expect(rewardFor(r.cents + 1, 3)).toBe(136);
    expect(r).toEqual({ cents: 4533, reasons: ['refund'] });
    // Not earned (no rate): the basis now.
    expect(rowBasis(bill({ refundedCents: 1000 }), 'wholeBill', null, 0)).toEqual({ cents: 4000, reasons: ['refund'] });
    expect(rowBasis(bill({ refundedCents: 1000 }), 'wholeBill', 0, 150)).toEqual({ cents: 4000, reasons: ['refund'] });
  });
});
