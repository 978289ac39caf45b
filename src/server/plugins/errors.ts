import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { AppError, type FieldError } from '../lib/app-error';

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON value.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed.',
};

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return name || 'request';
}

function send(reply: FastifyReply, statusCode: number, message: string, fieldErrors?: FieldError[], code?: string) {
  return reply.status(statusCode).type('application/json').send({
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(fieldErrors && fieldErrors.length ? { fieldErrors } : {}),
    ...(code ? { code } : {}),
  });
}

/**
 * One error handler: bad input → 400 with field errors, known client errors pass through with a
 * readable message, everything else → 500 with a reference the support team can find in the log.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.statusCode, error.message, error.fieldErrors, error.code);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = error.validation.map((v) => ({ field: fieldName(v.instancePath), message: v.message ?? 'Invalid value.' }));
      const messages = [...new Set(fieldErrors.map((f) => f.message))];
      const message = messages.length <= 3 ? messages.join(' ') : `${messages.slice(0, 3).join(' ')} (${messages.length - 3} more problems)`;
      return send(reply, 400, message, fieldErrors);
    }
    if (error.validation) {
      return send(reply, 400, error.message, error.validation.map((v) => ({ field: fieldName(v.instancePath), message: v.message ?? 'Invalid value.' })));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, FRIENDLY[error.code] ?? (error.message || 'The request could not be handled.'));
    }
    // A value PostgreSQL cannot store (NUL character, number out of range, impossible date) is bad
    // input, not a server fault: class 22 "data exception".
    const pgCode = String((error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code ?? '');
    if (/^22[0-9A-Z]{3}$/.test(pgCode)) {
      return send(reply, 400, 'The request contains a value that cannot be stored. Please check for unusual characters, very large numbers or impossible dates.');
    }
    const reference = randomUUID().slice(0, 8).toUpperCase();
    // Never the raw error: database errors quote the query's parameters (e-mails, hashes, links).
    request.log.error({ reference, name: error.name, code: pgCode || error.code, message: String(error.message ?? '').split(/\nparams:|params:/)[0]!.slice(0, 300) }, 'request failed');
    return send(reply, 500, `Something went wrong on our side. Reference ${reference}.`);
  });
});
