/**
 * Surveys (§3 survey fields, §4 survey prompt, §7 survey embed, §9 survey constants; issue 12;
 * docs/api-surveys.md). Pure: the client's prompt and survey page and the server's answer check
 * read the same survey from a `surveys` content item and apply the same rules.
 */

/** §9 survey constants. */
export const SURVEY_COOKIE_TIMEOUT_DAYS = 90;
export const SURVEY_DELAY_SECONDS = 0;
export const SURVEY_CLOSE_AFTER_SUBMIT_MS = 4000;
export const SURVEY_HEIGHT_PX = 450;
/** Longest free-text answer, and the most choices a single-choice question may offer. */
export const SURVEY_FREE_TEXT_MAX = 1000;
export const SURVEY_MAX_OPTIONS = 12;
export const SURVEY_MAX_QUESTIONS = 20;

/** §3 local storage key: when the visitor last saw (closed or answered) the survey, epoch ms. */
export const SURVEY_LAST_SEEN_PREFIX = 'RN_SURVEY_LAST_SEEN_DATE';
export const surveyLastSeenKey = (surveyId: string) => `${SURVEY_LAST_SEEN_PREFIX}${surveyId}`;

/** The §2 page the prompt never shows on (with the announcement banner). */
export const SURVEY_SUPPRESSED_PATHS: readonly string[] = ['/discover'];
/** The survey pages themselves: the prompt would repeat the page. */
export const SURVEY_PAGE_PREFIX = '/surveys';

/** §8 wording, and ours where §8 shows none. */
export const SURVEY_MESSAGES = {
  error: 'Oops! There was an issue processing your survey.',
  errorHelp: 'Your answers were not saved. Please try again in a moment.',
  successTitle: 'Thank you for your feedback!',
  successText: 'Your answers were received. They help us make dining with us better.',
  promptThanks: 'Thank you! Your answers were received.',
  notAvailable: 'This survey is no longer available.',
  atLeastOne: 'Please answer at least one question.',
} as const;

export type SurveyQuestion =
  | { id: string; type: 'rating'; label: string; required: boolean; lowLabel?: string; highLabel?: string }
  | { id: string; type: 'single_choice'; label: string; required: boolean; options: string[] }
  | { id: string; type: 'free_text'; label: string; required: boolean; maxLength: number };

export type Survey = {
  /** The content's `id`: the survey's identity in the embed, storage key and the API. */
  id: string;
  slug: string;
  title: string;
  text: string;
  questions: SurveyQuestion[];
  delaySeconds: number;
  cookieTimeoutDays: number;
  /** Path prefixes, blanks removed. */
  allow: string[];
  disallow: string[];
};

const SURVEY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const QUESTION_ID = /^[a-z][a-z0-9_]{0,39}$/;

/** Whether a string can be a survey id (in a path, a storage key and the table). */
export function isSurveyId(value: string): boolean {
  return SURVEY_ID.test(value);
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const nonNegative = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback);

function prefixes(list: unknown, key: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry) => (entry && typeof entry === 'object' ? str((entry as Record<string, unknown>)[key]) : str(entry))).filter(Boolean);
}

function readQuestion(raw: unknown): SurveyQuestion | null {
  if (!raw || typeof raw !== 'object') return null;
  const q = raw as Record<string, unknown>;
  const id = str(q.id);
  const label = str(q.label);
  if (!QUESTION_ID.test(id) || !label) return null;
  const required = q.required === true;
  switch (q.type) {
    case 'rating': {
      const low = str(q.low_label);
      const high = str(q.high_label);
      return { id, type: 'rating', label, required, ...(low && { lowLabel: low }), ...(high && { highLabel: high }) };
    }
    case 'single_choice': {
      const options = Array.isArray(q.options) ? [...new Set(q.options.map(str).filter(Boolean))] : [];
      if (options.length < 2 || options.length > SURVEY_MAX_OPTIONS) return null;
      return { id, type: 'single_choice', label, required, options };
    }
    case 'free_text': {
      const max = typeof q.max_length === 'number' && Number.isInteger(q.max_length) && q.max_length > 0 ? Math.min(q.max_length, SURVEY_FREE_TEXT_MAX) : SURVEY_FREE_TEXT_MAX;
      return { id, type: 'free_text', label, required, maxLength: max };
    }
    default:
      return null;
  }
}

/**
 * The survey of a `surveys` content item, or null when it cannot be one (no usable id, no
 * usable question). Questions that are malformed or repeat an id are left out; the §9
 * defaults fill a missing delay and cookie timeout.
 */
export function readSurvey(slug: string, fields: Record<string, unknown>): Survey | null {
  const id = str(fields.id);
  if (!isSurveyId(id)) return null;
  const seen = new Set<string>();
  const questions: SurveyQuestion[] = [];
  for (const raw of Array.isArray(fields.questions) ? fields.questions : []) {
    const q = readQuestion(raw);
    if (!q || seen.has(q.id) || questions.length >= SURVEY_MAX_QUESTIONS) continue;
    seen.add(q.id);
    questions.push(q);
  }
  if (questions.length === 0) return null;
  return {
    id,
    slug,
    title: str(fields.title) || str(fields.text),
    text: str(fields.text),
    questions,
    delaySeconds: nonNegative(fields.delay_timeout, SURVEY_DELAY_SECONDS),
    cookieTimeoutDays: nonNegative(fields.cookie_timeout, SURVEY_COOKIE_TIMEOUT_DAYS),
    allow: prefixes(fields.url_allow_list, 'url_allowed'),
    disallow: prefixes(fields.url_disallow_list, 'url_disallowed'),
  };
}

/** The surveys of the content page's items, in content order, each id once. */
export function readSurveys(items: readonly { slug: string; fields: Record<string, unknown> }[]): Survey[] {
  const out: Survey[] = [];
  for (const item of items) {
    const s = readSurvey(item.slug, item.fields);
    if (s && !out.some((o) => o.id === s.id)) out.push(s);
  }
  return out;
}

/** Path prefix match, case-insensitive like the partner sites' paths ('/Login' and '/login'). */
function startsWith(pathname: string, prefix: string): boolean {
  return pathname.toLowerCase().startsWith(prefix.toLowerCase());
}

const DAY_MS = 86_400_000;

/**
 * §4/§7 survey visibility: never on /discover or the survey pages; a non-empty allow list
 * requires a path prefix match; any disallow prefix match hides; hidden while the cookie timeout
 * since the visitor last saw it has not passed (a last-seen time in the future counts as now).
 */
export function surveyVisible(opts: { survey: Pick<Survey, 'allow' | 'disallow' | 'cookieTimeoutDays'>; pathname: string; lastSeenAt: number | null; now: number }): boolean {
  const { survey, pathname, lastSeenAt, now } = opts;
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (SURVEY_SUPPRESSED_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  if (path === SURVEY_PAGE_PREFIX || path.startsWith(`${SURVEY_PAGE_PREFIX}/`)) return false;
  if (survey.allow.length > 0 && !survey.allow.some((p) => startsWith(pathname, p))) return false;
  if (survey.disallow.some((p) => startsWith(pathname, p))) return false;
  if (lastSeenAt !== null && now - Math.min(lastSeenAt, now) < survey.cookieTimeoutDays * DAY_MS) return false;
  return true;
}

/** The first survey of the content that is visible here, else null. */
export function surveyForPath(surveys: readonly Survey[], opts: { pathname: string; lastSeen: (surveyId: string) => number | null; now: number }): Survey | null {
  return surveys.find((survey) => surveyVisible({ survey, pathname: opts.pathname, lastSeenAt: opts.lastSeen(survey.id), now: opts.now })) ?? null;
}

/** A stored last-seen value (epoch ms as text), or null when absent or unreadable. */
export function parseLastSeen(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** §7 survey embed parameters. */
export type SurveyEmbed = {
  utm_campaign: string;
  utm_medium: 'web';
  utm_source: string;
  public_id?: string;
  partner_code: string;
};

/** The embed of a survey shown at `pathname`: campaign = the survey's id, source = the path. */
export function surveyEmbed(opts: { surveyId: string; pathname: string; publicId: string | null; partnerCode: string }): SurveyEmbed {
  return {
    utm_campaign: opts.surveyId,
    utm_medium: 'web',
    utm_source: opts.pathname,
    ...(opts.publicId && { public_id: opts.publicId }),
    partner_code: opts.partnerCode,
  };
}

export type SurveyAnswers = Record<string, string | number>;
export type SurveyAnswerCheck = { answers: SurveyAnswers; errors: Record<string, string> };

export const answerMessages = {
  unknown: 'This survey has no such question.',
  rating: 'Choose a rating from 1 to 5.',
  choice: 'Choose one of the options.',
  text: 'Write your answer as text.',
  required: 'Please answer this question.',
  tooLong: (max: number) => `Keep your answer to ${max.toLocaleString('en-US')} characters or fewer.`,
} as const;

/**
 * The answers checked against the survey's questions: ratings whole numbers 1-5, a choice one
 * of the options (exact text), free text trimmed and within its length; empty answers to
 * optional questions are left out; unknown question ids are errors. `errors` is keyed by
 * question id ('' for the whole form: nothing answered).
 */
export function checkSurveyAnswers(questions: readonly SurveyQuestion[], raw: Record<string, unknown>): SurveyAnswerCheck {
  const answers: SurveyAnswers = {};
  const errors: Record<string, string> = {};
  const ids = new Set(questions.map((q) => q.id));
  for (const key of Object.keys(raw)) if (!ids.has(key)) errors[key] = answerMessages.unknown;
  for (const q of questions) {
    const value = raw[q.id];
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (empty) {
      if (q.required) errors[q.id] = answerMessages.required;
      continue;
    }
    if (q.type === 'rating') {
      const n = typeof value === 'string' && /^\d$/.test(value.trim()) ? Number(value) : value;
      if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5) answers[q.id] = n;
      else errors[q.id] = answerMessages.rating;
    } else if (q.type === 'single_choice') {
      if (typeof value === 'string' && q.options.includes(value)) answers[q.id] = value;
      else errors[q.id] = answerMessages.choice;
    } else if (typeof value !== 'string') {
      errors[q.id] = answerMessages.text;
    } else {
      const text = value.trim();
      if (text.length > q.maxLength) errors[q.id] = answerMessages.tooLong(q.maxLength);
      else answers[q.id] = text;
    }
  }
  if (Object.keys(errors).length === 0 && Object.keys(answers).length === 0) errors[''] = SURVEY_MESSAGES.atLeastOne;
  return { answers, errors };
}
