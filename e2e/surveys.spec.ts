import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';
import { controlTime, passTime } from './page-time';

/**
 * Surveys (issue 12; docs/api-surveys.md): the §4 survey prompt and the /surveys page, answered as
 * a person does, and the answers in the staging tools. The demo site-wide survey waits 3 s and
 * stays off the member flows; §4 keeps it off /discover.
 */
const PROMPT_TITLE = 'Got a minute? Tell us how we are doing';
const DELAY_MS = 3000;

const prompt = (page: Page) => page.getByRole('region', { name: PROMPT_TITLE });

test('the survey prompt waits for its delay on an allowed path, never shows on /discover, and is answered by keyboard', async ({ page, errors }) => {
  await controlTime(page);
  // /discover (caesars' home page is discover): §4 keeps the prompt off it, however long one waits.
  await page.goto(partnerUrl('caesars', '/discover'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await passTime(page, DELAY_MS + 1500);
  await expect(prompt(page)).toHaveCount(0);

  // An allowed path: hidden at first, shown once the delay has passed.
  const shownAt = Date.now();
  await page.goto(partnerUrl('caesars', '/how-it-works'));
  await expect(prompt(page)).toHaveCount(0);
  await expect(prompt(page)).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(DELAY_MS - 500);

  // The title is a heading button: collapsed, then expanded (Enter), collapsed (Escape), expanded (Space).
  const toggle = prompt(page).getByRole('button', { name: PROMPT_TITLE, exact: true });
  await expect(prompt(page).getByRole('heading', { name: PROMPT_TITLE })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = prompt(page).getByRole('form', { name: PROMPT_TITLE });
  await expect(form).toBeVisible();
  const box = await prompt(page).boundingBox();
  expect(Math.round(box!.height)).toBe(450);
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(form).toBeHidden();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yIssues(page);

  // Submitting with nothing chosen names the required questions and puts focus on the first.
  await form.getByRole('button', { name: 'Submit' }).click();
  const overall = form.getByRole('radiogroup', { name: /Overall, how would you rate dining with us\?/ });
  await expect(overall.getByText('Please answer this question.')).toBeVisible();
  await expect(overall.getByRole('radio', { name: '1' })).toBeFocused();

  // Keyboard only: arrows along the rating, Tab to the choices, type the free text, Enter to send.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(overall.getByRole('radio', { name: '4' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'About once a week' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: /What would make dining with us better\?/ })).toBeFocused();
  await page.keyboard.type('More restaurants near the office.');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeFocused();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/surveys\/caesars-dining-experience-2026\/responses$/.test(r.url()));
  await page.keyboard.press('Enter');
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  // §7 embed parameters.
  expect(body).toEqual({
    answers: { overall: 4, frequency: 'About once a week', improve: 'More restaurants near the office.' },
    utm_campaign: 'caesars-dining-experience-2026', utm_medium: 'web', utm_source: '/how-it-works', partner_code: 'caesars',
  });
  await expect(prompt(page).getByRole('status')).toHaveText('Thank you! Your answers were received.');
  // §4: closes 4 s after the submit, and stays away (last seen recorded).
  await expect(prompt(page)).toHaveCount(0, { timeout: 8000 });
  const lastSeen = await page.evaluate(() => localStorage.getItem('RN_SURVEY_LAST_SEEN_DATEcaesars-dining-experience-2026'));
  expect(Number(lastSeen)).toBeGreaterThan(Date.now() - 60_000);
  await page.reload();
  await passTime(page, DELAY_MS + 1500);
  await expect(prompt(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('closing the prompt records last-seen; it stays away for the cookie timeout', async ({ page }) => {
  await controlTime(page);
  await page.goto(partnerUrl('hilton', '/how-it-works'));
  await expect(prompt(page)).toBeVisible({ timeout: 10_000 });
  await prompt(page).getByRole('button', { name: `Close survey: ${PROMPT_TITLE}` }).click();
  await expect(prompt(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('RN_SURVEY_LAST_SEEN_DATEhilton-dining-experience-2026'))).toMatch(/^\d+$/);
  await page.goto(partnerUrl('hilton', '/'));
  await passTime(page, DELAY_MS + 1500);
  await expect(prompt(page)).toHaveCount(0);
  // 91 days later (the stored time moved back), it asks again.
  await page.evaluate(() => localStorage.setItem('RN_SURVEY_LAST_SEEN_DATEhilton-dining-experience-2026', String(Date.now() - 91 * 86_400_000)));
  await page.goto(partnerUrl('hilton', '/how-it-works'));
  await expect(prompt(page)).toBeVisible({ timeout: 10_000 });
});

test('a member answers the survey page, lands on /surveys/success, and the answer shows in the staging tools', async ({ page, errors }) => {
  await signIn(page, 'hilton', 'select.card@hilton.example.com');
  await page.goto(partnerUrl('hilton', '/surveys?id=hilton-dining-experience-2026'));
  await expect(page.getByRole('heading', { level: 1, name: PROMPT_TITLE })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  const form = page.getByRole('form', { name: PROMPT_TITLE });
  await form.getByRole('radiogroup', { name: /Overall, how would you rate/ }).getByRole('radio', { name: '5' }).check();
  await form.getByRole('radio', { name: 'A few times a month' }).check();
  await form.getByRole('textbox', { name: /What would make dining with us better\?/ }).fill('Survey page answer from e2e');
  await form.getByRole('button', { name: 'Submit survey' }).click();
  await expect(page).toHaveURL(/\/surveys\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your feedback!' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.goto(partnerUrl('hilton', '/stgtools'));
  const section = page.getByRole('region', { name: 'Survey answers' });
  const answer = section.getByRole('listitem').filter({ hasText: 'Survey page answer from e2e' });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('select.card@hilton.example.com (you)');
  await expect(answer.getByRole('definition').first()).toHaveText('5');
  expect(errors).toEqual([]);
});

test('a survey the server cannot take lands on /surveys/error with §8 wording', async ({ page }) => {
  await page.route('**/api/surveys/*/responses', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'The service is temporarily unavailable. Please try again in a moment.' }) }));
  await page.goto(partnerUrl('hilton', '/surveys?id=hilton-dining-experience-2026'));
  const form = page.getByRole('form', { name: PROMPT_TITLE });
  await form.getByRole('radiogroup', { name: /Overall, how would you rate/ }).getByRole('radio', { name: '3' }).check();
  await form.getByRole('radio', { name: 'Once a month or less' }).check();
  await form.getByRole('button', { name: 'Submit survey' }).click();
  await expect(page).toHaveURL(/\/surveys\/error\?id=hilton-dining-experience-2026$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! There was an issue processing your survey.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/surveys?id=hilton-dining-experience-2026');
  await expectNoSeriousA11yIssues(page);
});
