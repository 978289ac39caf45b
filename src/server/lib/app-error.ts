export type FieldError = { field: string; message: string };

/** The one error type services throw; the error handler maps it to HTTP. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fieldErrors?: FieldError[],
    /** A stable name the client can branch on ('locked', 'fixCredentials', …); sent as `code`. */
    public readonly code?: string,
  ) {
    super(message);
  }

  static badRequest(message: string, fieldErrors?: FieldError[]) {
    return new AppError(400, message, fieldErrors);
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
}
