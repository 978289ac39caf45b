import { z } from 'zod';
import { REFERENCE_LENGTH, REFERENCE_PATTERN } from '../rules/reference-code';
import { CLIENT_ERROR_LIMITS } from '../constants/client-errors';

/**
 * POST /api/client-errors: an error the browser alone saw (a screen that failed to render or to
 * load its code, a call that never reached the server), reported with the reference code the
 * server-error page shows. Only the page's path (no query: it may hold e-mails or tokens), the
 * error's name and first message line; the server masks e-mail addresses and long digit runs.
 */
export const ZClientErrorRequest = z.strictObject({
  reference: z.string().regex(REFERENCE_PATTERN, `reference must be a ${REFERENCE_LENGTH}-character reference code.`),
  route: z.string().startsWith('/', 'route must be a path.').max(CLIENT_ERROR_LIMITS.route, `route must be ${CLIENT_ERROR_LIMITS.route} characters or fewer.`),
  name: z.string().max(CLIENT_ERROR_LIMITS.name, `name must be ${CLIENT_ERROR_LIMITS.name} characters or fewer.`),
  message: z.string().max(CLIENT_ERROR_LIMITS.message, `message must be ${CLIENT_ERROR_LIMITS.message} characters or fewer.`),
  /** The HTTP status of the answer that failed, where one did. */
  status: z.number().int().min(100).max(599).optional(),
});
export type ClientErrorRequest = z.infer<typeof ZClientErrorRequest>;
export const ZClientErrorResponse = z.object({ reference: z.string() });
