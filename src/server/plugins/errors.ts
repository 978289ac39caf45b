import type { Socket } from 'node:net';
import { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable } from '../db/client';
import type { ErrorCode } from '#shared/schemas/common';
import { makeReferenceCode, REQUEST_ID_HEADER, serverErrorMessage } from '#shared/rules/reference-code';
import { AppError, type FieldError, type InputIssue } from '../lib/app-error';

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON value.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed.',
};

/** Messages by status for framework errors we have no friendly text for: theirs may quote the request. */
const BY_STATUS: Record<number, string> = {
  400: 'The request is not valid.',
  404: 'Nothing is found at this address.',
  405: 'This method is not allowed here.',
  408: 'The request took too long to arrive.',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'Send the request body as application/json.',
  431: 'The address or the request headers are too long.',
};

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** Query parameters that carry secrets (recovery links, sign-in callbacks) never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|state)=)[^&]*/gi, '$1[redacted]');
}

/** A validation error's JSON pointer ('/creditCards/0/cardType') as an issue path. */
function issuePath(instancePath: string): string[] {
  return instancePath.replace(/^\//, '').split('/');
}

/** Validation errors (the zod type provider's or Fastify's own) as input issues. */
function issuesOf(validation: ReadonlyArray<{ instancePath: string; message?: string }>): InputIssue[] {
  return validation.map((v) => ({ path: issuePath(v.instancePath), message: v.message ?? 'Invalid value.' }));
}

/**
 * Fastify's request-id options (issue 25 item 8): every request's id is a reference code, in every
 * log line as reqId, sent back as X-Request-Id, shown on the server-error page. Never the client's.
 */
export const REQUEST_ID_OPTIONS = { genReqId: () => makeReferenceCode(), requestIdHeader: false } as const;

/** The one error shape: { statusCode, error, message } (+ fieldErrors, code). */
export function sendError(reply: FastifyReply, statusCode: number, message: string, fieldErrors?: FieldError[], code?: ErrorCode) {
  // Routing failures answer before the onRequest hook that sets it.
  if (!reply.hasHeader(REQUEST_ID_HEADER)) reply.header(REQUEST_ID_HEADER, reply.request.id);
  return reply.status(statusCode).type('application/json').send({
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(fieldErrors && fieldErrors.length ? { fieldErrors } : {}),
    ...(code ? { code } : {}),
  });
}

/** What is kept of a 500 for the look-up by its reference code (the request's id): never the raw error. */
export type ServerErrorFact = { status: number; name: string; message: string };
export type ErrorsOptions = { record?: (request: FastifyRequest, fact: ServerErrorFact) => Promise<void> };

/**
 * One error handler: bad input → 400 with field errors, known client errors pass through with a
 * readable message (never one that quotes the request), a database that is away → 503 with
 * Retry-After, everything else → 500 with a reference the support team can find in the log and,
 * with `record`, in the operator console (issue 27 item 8: kept before the answer leaves, so the
 * code the visitor reads can be looked up at once).
 */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: ErrorsOptions = {}) => {
  // Every answer names its request (issue 25 item 8): the id of its log lines (reqId), which the
  // server-error page shows as the reference code and support searches the logs for.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return sendError(reply, error.statusCode, error.message, error.fieldErrors, error.code);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const bad = AppError.fromIssues(issuesOf(error.validation));
      return sendError(reply, 400, bad.message, bad.fieldErrors);
    }
    if (error.validation) return sendError(reply, 400, error.message, AppError.fromIssues(issuesOf(error.validation)).fieldErrors);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, clientMessage(error, status));
    if (isDatabaseUnavailable(error)) {
      // Not a fault of the request or the code: the database is stopped, restarting or not answering.
      request.log.warn({ code: errorCode(error), message: firstLine(error) }, 'database unavailable');
      return sendError(reply.header('retry-after', String(RETRY_AFTER_SECONDS)), 503, UNAVAILABLE_MESSAGE);
    }
    // A value PostgreSQL cannot store (NUL character, number out of range, impossible date) is bad
    // input, not a server fault: class 22 "data exception".
    const pgCode = String((error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code ?? '');
    if (/^22[0-9A-Z]{3}$/.test(pgCode)) {
      return sendError(reply, 400, 'The request contains a value that cannot be stored. Please check for unusual characters, very large numbers or impossible dates.');
    }
    // The request's id is the reference: this line and the request's other lines carry it as reqId.
    const reference = request.id;
    // Never the raw error: database errors quote the query's parameters (e-mails, hashes, links).
    request.log.error({ reference, name: error.name, code: pgCode || error.code, message: firstLine(error) }, 'request failed');
    await opts.record?.(request, { status: 500, name: error.name, message: firstLine(error) });
    return sendError(reply, 500, serverErrorMessage(reference));
  });
});

/**
 * Fastify's request log, one line per request instead of two ("incoming request" with the headers,
 * "request completed"): method, address (secrets redacted), status and time. Failures add the
 * error handler's own line. Health probes come every few seconds and say nothing new: debug only.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const url = redactUrl(request.url);
    const line = { method: request.method, url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    // An error here is the response stream's (a client gone mid-answer), never one the handler saw.
    if (error) return request.log.warn({ ...line, err: { name: error.name, code: (error as { code?: unknown }).code, message: firstLine(error) } }, 'response failed');
    request.log[url === '/health' || url === '/ready' ? 'debug' : 'info'](line, 'request');
  }
}

/** A 4xx message: ours as written, a framework's replaced, since it may quote the request. */
function clientMessage(error: FastifyError, status: number): string {
  if (FRIENDLY[error.code]) return FRIENDLY[error.code]!;
  if (typeof error.code === 'string' && error.code.startsWith('FST_')) return BY_STATUS[status] ?? 'The request could not be handled.';
  return error.message || BY_STATUS[status] || 'The request could not be handled.';
}

/** Never the query's parameters: database errors quote them (e-mails, hashes, links). */
function firstLine(error: Error): string {
  return String(error.message ?? '').split(/\nparams:|params:/)[0]!.slice(0, 300);
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e.cause?.code ?? e.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Fastify's frameworkErrors: routing failures (an address too long for a route parameter, a
 * malformed escape) in the one error shape, without quoting the address.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  request.log.info({ code: error.code, statusCode: status }, 'request refused');
  void sendError(reply, status, status < 500 ? clientMessage(error, status) : 'The request could not be routed.');
}

const CLIENT_ERROR_STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_URI_TOO_LONG: 414 };

/**
 * Fastify's clientErrorHandler: a request Node cannot parse (headers or address over 16 kB, bad
 * syntax, too slow) answers in the one error shape with Connection: close, since the connection
 * cannot carry another request after it, then closes once the answer is out.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const status = CLIENT_ERROR_STATUS[err.code ?? ''] ?? 400;
  const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message: BY_STATUS[status] });
  // No request object here: the answer still gets an id of its own, logged with it.
  const reqId = makeReferenceCode();
  this.log.info({ reqId, code: err.code, statusCode: status }, 'request refused');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${reqId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  // The client may still be sending: close for good a little later rather than reset the answer away.
  setTimeout(() => socket.destroy(), 2000).unref();
}
