import type { ErrorCode } from '#shared/schemas/common';

export type FieldError = { field: string; message: string };

/** A problem with one value of the input: a zod issue, or a validation error mapped to one. */
export type InputIssue = { path: ReadonlyArray<PropertyKey>; message: string };

/** The one error type services throw; the error handler maps it to HTTP. */
export class AppError extends Error {
  public readonly fieldErrors?: FieldError[];
  /** A stable name the client can branch on (ERROR_CODES: 'locked', 'fixCredentials', …); sent as `code`. */
  public readonly code?: ErrorCode;
  /** A 429 or 503: sent as Retry-After. */
  public readonly retryAfterSeconds?: number;

  constructor(
    public readonly statusCode: number,
    message: string,
    opts: { fieldErrors?: FieldError[]; code?: ErrorCode; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.fieldErrors = opts.fieldErrors;
    this.code = opts.code;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  static badRequest(message: string, fieldErrors?: FieldError[]) {
    return new AppError(400, message, { fieldErrors });
  }
  static notFound(message = 'Not found.') {
    return new AppError(404, message);
  }
  static forbidden(message: string) {
    return new AppError(403, message);
  }
  static unauthorized(message = 'Please sign in to continue.') {
    return new AppError(401, message);
  }

  /**
   * Bad input as one 400: a field error per issue (dotted path, 'request' for the whole body) and
   * a message of the distinct problems, the first three in full.
   */
  static fromIssues(issues: readonly InputIssue[]) {
    const fieldErrors = issues.map((i) => ({ field: i.path.map(String).join('.') || 'request', message: i.message }));
    const messages = [...new Set(fieldErrors.map((f) => f.message))];
    const message = messages.length <= 3 ? messages.join(' ') : `${messages.slice(0, 3).join(' ')} (${messages.length - 3} more problems)`;
    return AppError.badRequest(message, fieldErrors);
  }
}
