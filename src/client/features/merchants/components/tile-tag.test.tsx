// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { merchantFixture } from '#client/test/merchant-fixture';
import { expectNoAxeViolations } from '#client/test/axe';
import { renderWithAirline as renderWithProviders } from '#client/test/render';
import { MerchantTile } from './merchant-tile';

afterEach(cleanup);

describe("MerchantTile tags ('2X', 'Limited')", () => {
  it('are explained to every reader: the explanation is the tag\'s description, and the tag takes keyboard focus to show it', async () => {
    renderWithProviders(<MerchantTile merchant={merchantFixture({ bonusText: '2X', offerTag: 'Limited' })} />);
    const tile = screen.getByRole('article', { name: 'Blue Plate Diner' });
    const described = (text: string) => {
      const tag = within(tile).getByText(text);
      const tip = document.getElementById(tag.getAttribute('aria-describedby') ?? '');
      return { tag, tip };
    };
    const bonus = described('2X');
    expect(bonus.tip?.textContent).toBe('Twice the usual miles here for a limited time.');
    expect(bonus.tip?.getAttribute('role')).toBe('tooltip');
    const offer = described('Limited');
    expect(offer.tip?.textContent).toMatch(/limited number of visits each month/);
    // Not a title attribute (never seen on touch or with a keyboard).
    expect(bonus.tag.getAttribute('title')).toBeNull();
    // The tags are tab stops after the restaurant's link, so a keyboard user can bring the explanation up.
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(within(tile).getByRole('link', { name: 'Blue Plate Diner' }));
    await user.tab();
    expect(document.activeElement).toBe(bonus.tag);
    await user.tab();
    expect(document.activeElement).toBe(offer.tag);
    await expectNoAxeViolations();
  });
});
