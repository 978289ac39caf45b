import { describe, expect, it } from 'vitest';
import { reservedFrameHeight } from './card-frame-messages';

describe('reservedFrameHeight (issue 13: the frame was clipped while it loaded)', () => {
  const all = ['VISA', 'MAST', 'AMEX', 'DISC'];

  it("reserves the frame's one-line layout on a wide form and room for the wrapped hint on a phone", () => {
    // The frame's page at 720px: 4px padding, label, one hint line, 50px field, gaps (about 121px).
    expect(reservedFrameHeight(728, all)).toBeGreaterThanOrEqual(121);
    expect(reservedFrameHeight(728, all)).toBeLessThan(130);
    // At 390px (a 366px frame) the hint takes two lines (about 142px).
    expect(reservedFrameHeight(366, all)).toBeGreaterThanOrEqual(142);
  });

  it('needs fewer lines for fewer brands', () => {
    expect(reservedFrameHeight(366, ['VISA'])).toBeLessThan(reservedFrameHeight(366, all));
  });
});
