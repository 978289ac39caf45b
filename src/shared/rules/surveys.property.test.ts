import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkSurveyAnswers, surveyVisible, type SurveyQuestion } from './surveys';

const Q: SurveyQuestion[] = [
  { id: 'overall', type: 'rating', label: 'Overall', required: true },
  { id: 'visits', type: 'single_choice', label: 'Visits', required: false, options: ['Weekly', 'Monthly'] },
  { id: 'comments', type: 'free_text', label: 'Comments', required: false, maxLength: 30 },
];
const anyValue = fc.oneof(fc.integer({ min: -3, max: 9 }), fc.double(), fc.string({ maxLength: 40 }), fc.constantFrom('Weekly', 'Monthly', '4', ' ', ''), fc.boolean(), fc.constant(null));
const anyAnswers = fc.dictionary(fc.constantFrom('overall', 'visits', 'comments', 'other'), anyValue);

describe('checkSurveyAnswers (properties)', () => {
  it('either names a problem or keeps only valid answers, and checking the kept answers again changes nothing', () => {
    fc.assert(fc.property(anyAnswers, (raw) => {
      const { answers, errors } = checkSurveyAnswers(Q, raw);
      if (Object.keys(errors).length > 0) return;
      expect(Number.isInteger(answers.overall) && (answers.overall as number) >= 1 && (answers.overall as number) <= 5).toBe(true);
      if ('visits' in answers) expect(['Weekly', 'Monthly']).toContain(answers.visits);
      if ('comments' in answers) expect(String(answers.comments).length).toBeLessThanOrEqual(30);
      expect(Object.keys(answers).length).toBeGreaterThan(0);
      expect(Object.keys(answers).every((k) => Q.some((q) => q.id === k))).toBe(true);
      expect(checkSurveyAnswers(Q, answers)).toEqual({ answers, errors: {} });
    }));
  });
});

describe('surveyVisible (properties)', () => {
  const prefix = fc.constantFrom('/', '/search', '/merchants/', '/account', '/discover', '/how-it-works');
  const path = fc.constantFrom('/', '/search', '/search/x', '/merchants/1', '/account/overview', '/discover', '/how-it-works', '/surveys');
  it('a disallow match, /discover and the survey pages always hide it; a fresh last-seen always hides it', () => {
    fc.assert(fc.property(fc.array(prefix, { maxLength: 3 }), fc.array(prefix, { maxLength: 3 }), path, fc.integer({ min: 1, max: 365 }), (allow, disallow, pathname, days) => {
      const now = 1_800_000_000_000;
      const shown = surveyVisible({ survey: { allow, disallow, cookieTimeoutDays: days }, pathname, lastSeenAt: null, now });
      if (disallow.some((d) => pathname.startsWith(d)) || pathname.startsWith('/discover') || pathname.startsWith('/surveys')) expect(shown).toBe(false);
      if (allow.length > 0 && !allow.some((a) => pathname.startsWith(a))) expect(shown).toBe(false);
      expect(surveyVisible({ survey: { allow, disallow, cookieTimeoutDays: days }, pathname, lastSeenAt: now - 1000, now })).toBe(false);
      expect(surveyVisible({ survey: { allow, disallow, cookieTimeoutDays: days }, pathname, lastSeenAt: now - days * 86_400_000, now })).toBe(shown);
    }));
  });
});
