import { z } from 'zod';

/** Every 4xx/5xx answer of the API has this shape. */
export const ZErrorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional().describe('Bad input: one entry per wrong field (dotted path) with what to correct.'),
  /** A stable name for answers the client branches on, e.g. 'locked', 'fixCredentials'. */
  code: z.string().optional(),
}).meta({
  // The registry id makes every use of this schema one component of the OpenAPI document.
  id: 'ErrorResponse',
  description: 'The one shape of every error answer (4xx, 5xx): a readable message, field errors for bad input, and a stable code where the client branches on it.',
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

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
