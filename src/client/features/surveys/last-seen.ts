import { parseLastSeen, surveyLastSeenKey } from '#shared/rules/surveys';

/** §3 RN_SURVEY_LAST_SEEN_DATE{surveyId}: epoch ms in local storage; unreadable storage counts as never seen. */
export function readLastSeen(surveyId: string): number | null {
  try {
    return parseLastSeen(window.localStorage.getItem(surveyLastSeenKey(surveyId)));
  } catch {
    return null;
  }
}

export function markSeen(surveyId: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(surveyLastSeenKey(surveyId), String(now));
  } catch {
    // Storage refused (private mode, quota): the prompt may show again next visit, nothing breaks.
  }
}
