import { expect, expectNoSeriousA11yIssues, partnerUrl, test } from './fixtures';

test.describe('location suggestions', () => {
  test('a visitor types part of a city, picks a suggestion with the keyboard and searches there', async ({ page, errors }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const predictionCalls: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/locations/predictions')) predictionCalls.push(new URL(r.url()).searchParams.get('q') ?? ''); });
    await page.goto(partnerUrl('american', '/search'));
    const form = page.getByRole('search', { name: 'Restaurants' });
    const change = page.getByRole('button', { name: 'Change search' });
    // The search screen loads on demand: wait for it (the form, or the button that opens it).
    await expect(form.or(change).first()).toBeVisible();
    if (!(await form.isVisible())) await change.click();
    const box = page.getByRole('combobox', { name: 'City, state or ZIP' });
    await box.fill('');
    await box.pressSequentially('chica', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggested places' });
    await expect(list.getByRole('option', { name: 'Chicago, IL' })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousA11yIssues(page);
    // One request once typing paused, not one per key.
    expect(predictionCalls.length).toBeLessThanOrEqual(2);
    expect(predictionCalls).toContain('chica');

    await box.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Chicago, IL' })).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(box).toHaveValue('Chicago, IL');
    await expect(list).toBeHidden();
    await box.press('Enter');
    await expect(page).toHaveURL(/location=Chicago%2C(\+|%20)IL/);
    await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /near Chicago, IL/i })).toBeVisible();
    // Each suggestion request is a location prediction impression (§7).
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => (e as { event?: string }).event));
    expect(events).toContain('locationPredictionRequest');
    expect(errors).toEqual([]);
  });
});
