import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { hostName } from '../plugins/partner';

/**
 * One port, two applications (issue 27): requests whose Host is the console's go to the console
 * app (its own Fastify instance: plugins, sessions, routes), every other to the partner sites'.
 * Used as the partner app's serverFactory in main.ts; the console app must be ready first.
 */
export function hostDispatch(opsHost: string, ops: FastifyInstance) {
  return (handler: RequestListener): Server => createServer((req: IncomingMessage, res: ServerResponse) => {
    if (hostName(req.headers.host) === opsHost) ops.server.emit('request', req, res);
    else handler(req, res);
  });
}
