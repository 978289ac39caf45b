import { makeReferenceCode, REFERENCE_PATTERN } from '#shared/rules/reference-code';
import { CLIENT_ERROR_LIMITS } from '#shared/constants/client-errors';
import type { ClientErrorRequest } from '#shared/schemas/client-errors';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from './api';

/**
 * The reference code of an error the server-error page shows (issue 25 item 8): the server's
 * request id where its answer caused the error (it logged the request under that id), otherwise
 * a code made here and sent with the error to POST /api/client-errors, so either way the code a
 * visitor quotes is one support can find (docs/support.md).
 */
export function referenceFor(error: unknown): { code: string; fromServer: boolean } {
  if (error instanceof ApiError && error.requestId && REFERENCE_PATTERN.test(error.requestId)) return { code: error.requestId, fromServer: true };
  return { code: makeReferenceCode(), fromServer: false };
}

/** The report of an error the server has not seen: the page's path (no query), the error's name and first line. */
export function clientErrorReport(code: string, error: unknown, pathname: string): ClientErrorRequest {
  const e = error instanceof Error ? error : null;
  const message = e ? e.message : error === undefined ? 'The error page was shown without an error.' : String(error);
  return {
    reference: code,
    route: pathname.slice(0, CLIENT_ERROR_LIMITS.route),
    name: (e?.name || 'Error').slice(0, CLIENT_ERROR_LIMITS.name),
    message: (message.split('\n')[0] ?? '').slice(0, CLIENT_ERROR_LIMITS.message),
    ...(error instanceof ApiError ? { status: error.status } : {}),
  };
}

const sent = new Set<string>();

/** Sends the report once per code (a re-render or a remount sends nothing more); a failure to send changes nothing on screen. */
export function reportClientError(report: ClientErrorRequest): void {
  if (sent.has(report.reference)) return;
  sent.add(report.reference);
  call(API_PATHS.clientErrors, { body: report, keepalive: true }).catch((err: unknown) => {
    console.warn('The error report could not be sent', err);
  });
}
