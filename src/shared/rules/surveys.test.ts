import { describe, expect, it } from 'vitest';
import {
  answerMessages, checkSurveyAnswers, isSurveyId, parseLastSeen, readSurvey, readSurveys, surveyEmbed, surveyForPath, surveyLastSeenKey,
  surveyVisible, SURVEY_CLOSE_AFTER_SUBMIT_MS, SURVEY_COOKIE_TIMEOUT_DAYS, SURVEY_DELAY_SECONDS, SURVEY_FREE_TEXT_MAX, SURVEY_HEIGHT_PX,
  SURVEY_MESSAGES, type Survey, type SurveyQuestion,
} from './surveys';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const base = { allow: [] as string[], disallow: [] as string[], cookieTimeoutDays: 90 };
const visible = (over: Partial<typeof base>, pathname: string, lastSeenAt: number | null = null, now = NOW) =>
  surveyVisible({ survey: { ...base, ...over }, pathname, lastSeenAt, now });

describe('§9 survey constants and the §3 storage key', () => {
  it('are the spec\'s values', () => {
    expect([SURVEY_COOKIE_TIMEOUT_DAYS, SURVEY_DELAY_SECONDS, SURVEY_CLOSE_AFTER_SUBMIT_MS, SURVEY_HEIGHT_PX]).toEqual([90, 0, 4000, 450]);
    expect(surveyLastSeenKey('delta-dining-2026')).toBe('RN_SURVEY_LAST_SEEN_DATEdelta-dining-2026');
    expect(SURVEY_MESSAGES.error).toBe('Oops! There was an issue processing your survey.');
  });
});

describe('surveyVisible', () => {
  it('shows everywhere with empty lists and never seen', () => {
    expect(visible({}, '/')).toBe(true);
    expect(visible({}, '/search')).toBe(true);
  });

  it('is suppressed on /discover (and below it, any case, trailing slash) but not on look-alike paths', () => {
    expect(visible({}, '/discover')).toBe(false);
    expect(visible({}, '/discover/')).toBe(false);
    expect(visible({}, '/Discover')).toBe(false);
    expect(visible({}, '/discover/x')).toBe(false);
    expect(visible({}, '/discoveries')).toBe(true);
    expect(visible({ allow: ['/discover'] }, '/discover')).toBe(false);
  });

  it('never shows on the survey pages', () => {
    expect(visible({}, '/surveys')).toBe(false);
    expect(visible({}, '/surveys/success')).toBe(false);
    expect(visible({}, '/surveys/error')).toBe(false);
    expect(visible({}, '/surveysx')).toBe(true);
  });

  it('a non-empty allow list requires a prefix match', () => {
    const allow = ['/search', '/merchants/'];
    expect(visible({ allow }, '/search')).toBe(true);
    expect(visible({ allow }, '/search/map')).toBe(true);
    expect(visible({ allow }, '/merchants/12')).toBe(true);
    expect(visible({ allow }, '/merchants')).toBe(false);
    expect(visible({ allow }, '/')).toBe(false);
    expect(visible({ allow }, '/account')).toBe(false);
    expect(visible({ allow: ['/SEARCH'] }, '/search')).toBe(true);
  });

  it('any disallow prefix match hides, over an allow match', () => {
    expect(visible({ disallow: ['/account/manage_cards'] }, '/account/manage_cards')).toBe(false);
    expect(visible({ disallow: ['/account/manage_cards'] }, '/account/overview')).toBe(true);
    expect(visible({ allow: ['/account'], disallow: ['/account/manage'] }, '/account/manage_cards')).toBe(false);
    expect(visible({ allow: ['/account'], disallow: ['/account/manage'] }, '/account/overview')).toBe(true);
    expect(visible({ disallow: ['/'] }, '/anything')).toBe(false);
  });

  it('stays hidden until the cookie timeout since last seen has passed, to the millisecond', () => {
    expect(visible({}, '/', NOW - 90 * DAY + 1)).toBe(false);
    expect(visible({}, '/', NOW - 90 * DAY)).toBe(true);
    expect(visible({}, '/', NOW - 1)).toBe(false);
    expect(visible({ cookieTimeoutDays: 1 }, '/', NOW - DAY)).toBe(true);
    expect(visible({ cookieTimeoutDays: 1 }, '/', NOW - DAY + 1)).toBe(false);
    expect(visible({ cookieTimeoutDays: 0 }, '/', NOW)).toBe(true);
    // A clock moved back: a last-seen time in the future counts as just now.
    expect(visible({}, '/', NOW + 10 * DAY)).toBe(false);
  });
});

const Q: SurveyQuestion[] = [
  { id: 'overall', type: 'rating', label: 'How was it?', required: true },
  { id: 'visits', type: 'single_choice', label: 'How often?', required: false, options: ['Weekly', 'Monthly', 'Rarely'] },
  { id: 'comments', type: 'free_text', label: 'Anything else?', required: false, maxLength: 20 },
];

describe('readSurvey', () => {
  const fields = {
    id: 'delta-dining-2026', title: ' Quick question ', text: 'Help us', delay_timeout: 3, cookie_timeout: 30,
    url_allow_list: [{ url_allowed: '/search' }, { url_allowed: ' ' }, { url_allowed: 5 }], url_disallow_list: [{ url_disallowed: '/merchants/1' }],
    questions: [
      { id: 'overall', type: 'rating', label: 'How was it?', required: true, low_label: 'Poor', high_label: 'Great' },
      { id: 'visits', type: 'single_choice', label: 'How often?', options: ['Weekly', 'Weekly', 'Monthly', ''] },
      { id: 'comments', type: 'free_text', label: 'Anything else?', max_length: 99_999 },
      { id: 'overall', type: 'free_text', label: 'Duplicate id' },
      { id: 'Bad Id', type: 'free_text', label: 'x' },
      { id: 'nolabel', type: 'free_text' },
      { id: 'one', type: 'single_choice', label: 'Only one option', options: ['A'] },
      { id: 'weird', type: 'slider', label: 'Unknown type' },
      null,
    ],
  };

  it('reads the §3 fields, the questions it can use, and trims blanks', () => {
    expect(readSurvey('dining', fields)).toEqual<Survey>({
      id: 'delta-dining-2026', slug: 'dining', title: 'Quick question', text: 'Help us', delaySeconds: 3, cookieTimeoutDays: 30,
      allow: ['/search'], disallow: ['/merchants/1'],
      questions: [
        { id: 'overall', type: 'rating', label: 'How was it?', required: true, lowLabel: 'Poor', highLabel: 'Great' },
        { id: 'visits', type: 'single_choice', label: 'How often?', required: false, options: ['Weekly', 'Monthly'] },
        { id: 'comments', type: 'free_text', label: 'Anything else?', required: false, maxLength: SURVEY_FREE_TEXT_MAX },
      ],
    });
  });

  it('fills the §9 defaults and the title from the text', () => {
    const s = readSurvey('s', { id: 'x1', text: 'Tell us', delay_timeout: -1, cookie_timeout: 'ninety', questions: [Q[0] && { ...Q[0] }] })!;
    expect(s).toMatchObject({ title: 'Tell us', delaySeconds: 0, cookieTimeoutDays: 90, allow: [], disallow: [] });
  });

  it('is null without a usable id or any usable question', () => {
    expect(readSurvey('s', { ...fields, id: '' })).toBeNull();
    expect(readSurvey('s', { ...fields, id: '../x' })).toBeNull();
    expect(readSurvey('s', { ...fields, questions: [] })).toBeNull();
    expect(readSurvey('s', { ...fields, questions: 'no' })).toBeNull();
  });

  it('readSurveys keeps content order and each id once', () => {
    const items = [{ slug: 'a', fields }, { slug: 'b', fields: { ...fields, id: 'other' } }, { slug: 'c', fields }, { slug: 'd', fields: {} }];
    expect(readSurveys(items).map((s) => [s.slug, s.id])).toEqual([['a', 'delta-dining-2026'], ['b', 'other']]);
  });

  it('isSurveyId', () => {
    expect(isSurveyId('delta-dining-2026')).toBe(true);
    expect(isSurveyId('a'.repeat(100))).toBe(true);
    expect(isSurveyId('a'.repeat(101))).toBe(false);
    expect(isSurveyId('-x')).toBe(false);
    expect(isSurveyId('a b')).toBe(false);
  });
});

describe('surveyForPath', () => {
  const mk = (id: string, allow: string[]): Survey => ({ id, slug: id, title: id, text: '', questions: Q, delaySeconds: 0, cookieTimeoutDays: 90, allow, disallow: [] });
  const surveys = [mk('search', ['/search']), mk('any', [])];
  it('is the first visible survey, skipping one seen recently', () => {
    expect(surveyForPath(surveys, { pathname: '/search', lastSeen: () => null, now: NOW })?.id).toBe('search');
    expect(surveyForPath(surveys, { pathname: '/', lastSeen: () => null, now: NOW })?.id).toBe('any');
    expect(surveyForPath(surveys, { pathname: '/search', lastSeen: (id) => (id === 'search' ? NOW - DAY : null), now: NOW })?.id).toBe('any');
    expect(surveyForPath(surveys, { pathname: '/discover', lastSeen: () => null, now: NOW })).toBeNull();
  });
});

describe('parseLastSeen', () => {
  it('reads epoch milliseconds only', () => {
    expect(parseLastSeen(String(NOW))).toBe(NOW);
    expect(parseLastSeen(' 12 ')).toBe(12);
    expect(parseLastSeen(null)).toBeNull();
    expect(parseLastSeen('')).toBeNull();
    expect(parseLastSeen('2026-11-23')).toBeNull();
    expect(parseLastSeen('-5')).toBeNull();
    expect(parseLastSeen('1'.repeat(16))).toBeNull();
  });
});

describe('surveyEmbed (§7)', () => {
  it('carries utm_campaign, utm_medium web, utm_source the path, public_id when known, partner_code', () => {
    expect(surveyEmbed({ surveyId: 's1', pathname: '/search', publicId: 'P1', partnerCode: 'delta' }))
      .toEqual({ utm_campaign: 's1', utm_medium: 'web', utm_source: '/search', public_id: 'P1', partner_code: 'delta' });
    expect(surveyEmbed({ surveyId: 's1', pathname: '/', publicId: null, partnerCode: 'delta' })).not.toHaveProperty('public_id');
  });
});

describe('checkSurveyAnswers', () => {
  it('accepts good answers, trimming text and reading a rating digit', () => {
    expect(checkSurveyAnswers(Q, { overall: 4, visits: 'Monthly', comments: '  Great  ' }))
      .toEqual({ answers: { overall: 4, visits: 'Monthly', comments: 'Great' }, errors: {} });
    expect(checkSurveyAnswers(Q, { overall: '5' }).answers).toEqual({ overall: 5 });
  });

  it('leaves out empty optional answers and requires the required one', () => {
    expect(checkSurveyAnswers(Q, { overall: 1, visits: '', comments: '   ' })).toEqual({ answers: { overall: 1 }, errors: {} });
    expect(checkSurveyAnswers(Q, { visits: 'Weekly' }).errors).toEqual({ overall: answerMessages.required });
    expect(checkSurveyAnswers(Q, { overall: null }).errors).toEqual({ overall: answerMessages.required });
  });

  it('refuses ratings outside 1-5 or not whole', () => {
    for (const bad of [0, 6, 2.5, '6', '10', true, 'x', Number.NaN]) expect(checkSurveyAnswers(Q, { overall: bad }).errors).toEqual({ overall: answerMessages.rating });
    expect(checkSurveyAnswers(Q, { overall: 1 }).errors).toEqual({});
    expect(checkSurveyAnswers(Q, { overall: 5 }).errors).toEqual({});
  });

  it('refuses a choice not among the options (exact text)', () => {
    expect(checkSurveyAnswers(Q, { overall: 3, visits: 'weekly' }).errors).toEqual({ visits: answerMessages.choice });
    expect(checkSurveyAnswers(Q, { overall: 3, visits: 2 }).errors).toEqual({ visits: answerMessages.choice });
  });

  it('limits free text to its length, and to text', () => {
    expect(checkSurveyAnswers(Q, { overall: 3, comments: 'x'.repeat(20) }).errors).toEqual({});
    expect(checkSurveyAnswers(Q, { overall: 3, comments: 'x'.repeat(21) }).errors).toEqual({ comments: answerMessages.tooLong(20) });
    expect(checkSurveyAnswers(Q, { overall: 3, comments: 5 }).errors).toEqual({ comments: answerMessages.text });
  });

  it('names unknown questions, and an empty form', () => {
    expect(checkSurveyAnswers(Q, { overall: 3, hacker: 'x' }).errors).toEqual({ hacker: answerMessages.unknown });
    const optional = Q.filter((q) => !q.required);
    expect(checkSurveyAnswers(optional, {}).errors).toEqual({ '': SURVEY_MESSAGES.atLeastOne });
    expect(checkSurveyAnswers(optional, { visits: 'Rarely' }).errors).toEqual({});
  });
});
