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

describe('readSurvey, at its limits', () => {
  const q = (over: Record<string, unknown>) => ({ id: 'q', type: 'free_text', label: 'Q', ...over });
  const read = (questions: unknown[], more: Record<string, unknown> = {}) => readSurvey('s', { id: 'x1', text: 'T', questions, ...more });

  it('a question id is a lower-case letter then up to 39 letters, digits or underscores, and nothing after', () => {
    expect(read([q({ id: `a${'b'.repeat(39)}` })])?.questions.map((x) => x.id)).toEqual([`a${'b'.repeat(39)}`]);
    expect(read([q({ id: `a${'b'.repeat(40)}` })])).toBeNull();
    expect(read([q({ id: 'ok-x' })])).toBeNull();
    expect(read([q({ id: 'ok x' })])).toBeNull();
    expect(read([q({ id: '1st' })])).toBeNull();
    expect(read([q({ id: ' q_1 ' })])?.questions.map((x) => x.id)).toEqual(['q_1']);
  });

  it('a single choice offers 2 to 12 distinct options', () => {
    const opts = (n: number) => Array.from({ length: n }, (_, i) => `Option ${i + 1}`);
    expect(read([q({ type: 'single_choice', options: opts(12) })])?.questions).toEqual([{ id: 'q', type: 'single_choice', label: 'Q', required: false, options: opts(12) }]);
    expect(read([q({ type: 'single_choice', options: opts(13) })])).toBeNull();
    expect(read([q({ type: 'single_choice', options: opts(2) })])?.questions).toHaveLength(1);
    expect(read([q({ type: 'single_choice', options: ['A', ' A ', ''] })])).toBeNull();
    expect(read([q({ type: 'single_choice', options: 'A,B' })])).toBeNull();
    expect(read([q({ type: 'single_choice' })])).toBeNull();
  });

  it('free text keeps a whole positive max_length up to 1,000, else 1,000', () => {
    const max = (max_length: unknown) => (read([q({ max_length })])?.questions[0] as { maxLength: number }).maxLength;
    expect([max(1), max(999), max(1000), max(1001), max(99_999)]).toEqual([1, 999, 1000, 1000, 1000]);
    expect([max(0), max(-5), max(2.5), max('50'), max(null), max(undefined), max(Number.NaN), max(Number.POSITIVE_INFINITY)]).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
  });

  it('a rating keeps its end labels only when they say something; required only when true', () => {
    expect(read([q({ type: 'rating', low_label: ' ', high_label: 'Great', required: 'yes' })])?.questions).toEqual([{ id: 'q', type: 'rating', label: 'Q', required: false, highLabel: 'Great' }]);
    expect(read([q({ type: 'rating', low_label: 'Poor', required: true })])?.questions).toEqual([{ id: 'q', type: 'rating', label: 'Q', required: true, lowLabel: 'Poor' }]);
  });

  it('leaves out what is not a question object, and keeps at most 20 questions', () => {
    expect(read([null, 'q', 5, [], { ...q({}), type: undefined }])).toBeNull();
    const many = Array.from({ length: 21 }, (_, i) => q({ id: `q${i}` }));
    expect(read(many)?.questions.map((x) => x.id)).toEqual(many.slice(0, 20).map((x) => x.id));
    expect(read(many.slice(0, 20))?.questions).toHaveLength(20);
    // A question left out does not use up a place.
    expect(read([q({ id: 'Bad' }), ...many.slice(0, 20)])?.questions).toHaveLength(20);
  });

  it('a delay or cookie timeout is a finite number of 0 or more, else the §9 default', () => {
    const timing = (v: unknown) => { const s = read([q({})], { delay_timeout: v, cookie_timeout: v })!; return [s.delaySeconds, s.cookieTimeoutDays]; };
    expect(timing(0)).toEqual([0, 0]);
    expect(timing(7)).toEqual([7, 7]);
    expect(timing(0.5)).toEqual([0.5, 0.5]);
    expect(timing(-0.1)).toEqual([0, 90]);
    expect(timing('5')).toEqual([0, 90]);
    expect(timing(Number.POSITIVE_INFINITY)).toEqual([0, 90]);
    expect(timing(Number.NaN)).toEqual([0, 90]);
    expect(timing(undefined)).toEqual([0, 90]);
  });

  it('path lists take plain strings and objects alike, dropping blanks', () => {
    const s = read([q({})], { url_allow_list: ['/search', { url_allowed: ' /map ' }, null, '', 7, { other: '/x' }], url_disallow_list: ['/account', { url_disallowed: '/join' }, { url_allowed: '/no' }] })!;
    expect(s.allow).toEqual(['/search', '/map']);
    expect(s.disallow).toEqual(['/account', '/join']);
    expect(read([q({})], { url_allow_list: '/search' })!.allow).toEqual([]);
  });

  it('the title falls back to the text; both trimmed; nothing when neither', () => {
    expect(read([q({})], { title: '  ', text: ' Tell us ' })).toMatchObject({ title: 'Tell us', text: 'Tell us' });
    expect(readSurvey('s', { id: 'x1', questions: [q({})] })).toMatchObject({ title: '', text: '' });
  });
});

describe('surveyVisible, odd paths and clocks', () => {
  it('ignores any number of trailing slashes on the suppressed pages', () => {
    expect(visible({}, '/discover//')).toBe(false);
    expect(visible({}, '/surveys///')).toBe(false);
    expect(visible({}, '/SURVEYS/Success')).toBe(false);
    expect(visible({}, '//')).toBe(true);
  });

  it('never seen shows it even at the very start of the clock', () => {
    expect(visible({}, '/', null, 0)).toBe(true);
    expect(visible({ cookieTimeoutDays: 1 }, '/', 0, DAY)).toBe(true);
    expect(visible({ cookieTimeoutDays: 1 }, '/', 0, DAY - 1)).toBe(false);
  });
});

describe('checkSurveyAnswers, odd answers', () => {
  it('a rating given as text is one digit, spaces around it allowed', () => {
    expect(checkSurveyAnswers(Q, { overall: ' 4 ' }).answers).toEqual({ overall: 4 });
    for (const bad of ['04', '4.0', '+4', '4x', 'x4', '1e0']) expect(checkSurveyAnswers(Q, { overall: bad }).errors, bad).toEqual({ overall: answerMessages.rating });
  });

  it('the words of each refusal', () => {
    expect(answerMessages).toMatchObject({
      unknown: 'This survey has no such question.', rating: 'Choose a rating from 1 to 5.', choice: 'Choose one of the options.',
      text: 'Write your answer as text.', required: 'Please answer this question.',
    });
    expect(answerMessages.tooLong(1000)).toBe('Keep your answer to 1,000 characters or fewer.');
    expect(SURVEY_MESSAGES.atLeastOne).toBe('Please answer at least one question.');
  });

  it('reads a stored last-seen time of up to 15 digits', () => {
    expect(parseLastSeen('1'.repeat(15))).toBe(111_111_111_111_111);
    expect(parseLastSeen('0')).toBe(0);
    expect(parseLastSeen('12a')).toBeNull();
    expect(parseLastSeen(undefined)).toBeNull();
  });
});
