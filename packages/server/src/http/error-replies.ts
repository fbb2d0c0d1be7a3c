import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isFencedOut } from '../store/index.js';

/**
 * Errors as replies. A refusal (4xx: validation, body too large, bad content type) keeps its
 * message, which says what was wrong with the request. A failure of ours (5xx) is logged with
 * its details and answered with a fixed text: an internal message (a programming error, a
 * database text) never reaches a client.
 */
export function installErrorReplies(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (isFencedOut(error)) {
      // Another process took the field over while this one served the call (its write was
      // refused, the field owner logged that once): the client tries again and reaches the new owner.
      return reply.code(503).header('retry-after', '2').send({
        statusCode: 503,
        error: STATUS_CODES[503],
        message: 'Service Unavailable',
      });
    }
    if (status >= 500) {
      request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
      return reply.code(status).send({
        statusCode: status,
        error: STATUS_CODES[status] ?? 'Error',
        message: 'Internal Server Error',
      });
    }
    return reply.code(status).send({
      statusCode: status,
      ...(error.code === undefined ? {} : { code: error.code }),
      error: STATUS_CODES[status] ?? 'Error',
      message: error.message,
    });
  });
}
