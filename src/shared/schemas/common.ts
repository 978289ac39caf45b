import { z } from 'zod';

/**
 * The stable names an error answer may carry as `code`, for the answers the client branches on
 * (the message is for people and may change). The server sends no other: AppError takes only
 * these, and the response schema below enumerates them.
 */
export const ERROR_CODES = [
  /** 423: too many wrong passwords for this account (sign-in, fix credentials). */
  'locked',
  /** 409: the e-mail signing in is shared by several accounts; the member fixes it at /fix_credentials. */
  'fixCredentials',
  /** 409: fix credentials asked for an e-mail that is not shared (any more). */
  'emailNotShared',
  /** 409: joining found the account created meanwhile. */
  'alreadyMember',
  /** 409: activation of a member past tier 1, or activated meanwhile. */
  'notActivatable',
  /** 409: a card being linked earns in another partner's programme of this deployment; linking it here moves it (send confirmMove: true). */
  'cardInOtherProgramme',
  /** 409: a redemption larger than the balance (redemptions: the member chooses a smaller amount). */
  'balanceShort',
  /** 409: a redemption would pass a daily or monthly limit of the member or the programme. */
  'limitReached',
  /** 503 from /ready: the database does not answer. */
  'databaseUnavailable',
  /** 503 from /ready: the database lacks a migration of this code. */
  'migrationsPending',
  /** 404: the restaurant does not take reservations online (or not on this site). */
  'reservationsNotOffered',
  /** 409: the slot was taken meanwhile, or the restaurant's limits refuse it (the message says which). */
  'reservationUnavailable',
  /** 409: §8 the member has a reservation at this restaurant within two hours. */
  'reservationOverlap',
  /** 409: the hold ran out before it was confirmed. */
  'reservationHoldExpired',
  /** 409: §8 the member's account with the booking provider is deactivated. */
  'reservationAccountDeactivated',
  /** 422: the Idempotency-Key was used before with a different request. */
  'idempotencyKeyReused',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every 4xx/5xx answer of the API has this shape. */
export const ZErrorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional().describe('Bad input: one entry per wrong field (dotted path) with what to correct.'),
  code: z.enum(ERROR_CODES).optional().describe('A stable name for answers the client branches on (ERROR_CODES), e.g. locked, fixCredentials.'),
}).meta({
  // The registry id makes every use of this schema one component of the OpenAPI document.
  id: 'ErrorResponse',
  description: 'The one shape of every error answer (4xx, 5xx): a readable message, field errors for bad input, and a stable code where the client branches on it.',
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

const KEY_LENGTH = 'Idempotency-Key must be 8 to 100 characters.';

/**
 * The `Idempotency-Key` header of a call that makes something (a booking, a redemption): a new
 * random value per attempt, the same on a retry, 8 to 100 visible ASCII characters. `what` names
 * what one key stands for in the message when the header is missing ('booking', 'redemption');
 * `description` is the route's own OpenAPI text of the header (what the same key answers).
 */
export function zIdempotencyHeaders(what: string, description: string) {
  return z.object({
    'idempotency-key': z.string({ message: `The Idempotency-Key header is required (a new random value per ${what}, the same on a retry).` })
      .trim().min(8, KEY_LENGTH).max(100, KEY_LENGTH)
      .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key may contain visible ASCII characters only.')
      .describe(description),
  });
}

/** Query-string booleans: 'true'/'1' and 'false'/'0'. */
export const zQueryBool = z
  .enum(['true', 'false', '1', '0'], { message: 'Use true or false.' })
  .transform((v) => v === 'true' || v === '1');

/** A query value that may be repeated (?a=1&a=2) or comma-separated (?a=1,2). */
export function zQueryList<T extends z.ZodType>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    // Items see strings; the cast only tells TypeScript that coercing items accept them.
    .pipe(z.array(item) as unknown as z.ZodType<Array<z.output<T>>, string[]>);
}

/** GET /api/CSRF: the anti-forgery token for X-XSRF-TOKEN. */
export const ZCsrfResponse = z.object({ csrfToken: z.string() });
