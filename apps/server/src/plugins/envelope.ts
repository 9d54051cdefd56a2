import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { postgresErrorCode } from '../db/errors.ts';
import { HttpError } from './errors.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

export interface FailureEnvelope {
  status: 0;
  message: string;
  errors?: Record<string, string>;
}

/** `/address/city` → `address.city`; a problem with the whole body is named after its part. */
const fieldName = (instancePath: string, context: string) =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') || context;

/**
 * The one error handler: typed errors keep their code and message, invalid input answers 400 with a
 * message per field, and anything else is a bug: 500 with a generic sentence, the details only in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: FailureEnvelope = { status: 0, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath ?? '', context);
        errors[name] ??= issue.message ?? 'Invalid value';
      }
      const summary = Object.entries(errors)
        .map(([name, message]) => `${name}: ${message}`)
        .join('; ');
      return reply.code(400).send({ status: 0, message: `Please correct the request. ${summary}`, errors });
    }
    if (isUnstorableText(error)) {
      return reply.code(400).send({ status: 0, message: UNSTORABLE_TEXT });
    }
    if (isOverCapacity(error)) {
      // The database's last word on a race the services check for first (a capacity lowered while a booking commits).
      return reply.code(409).send({
        status: 0,
        message: 'A class cannot hold fewer places than it has booked. Reload and try again.',
        errors: { capacity: 'Below the places already booked' },
      });
    }
    if (isPoolExhausted(error)) {
      request.log.warn({ err: error }, 'no database connection free in time');
      return reply.code(503).send({ status: 0, message: 'The server is busy. Please try again in a moment.' });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large).
      return reply.code(statusCode).send({ status: 0, message: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: 0, message: 'Something went wrong on our side. Please try again in a moment.' });
  });
}

const isOverCapacity = (error: Error) =>
  postgresErrorCode(error) === '23514' &&
  ((error as { constraint?: string }).constraint ?? (error.cause as { constraint?: string } | undefined)?.constraint) ===
    'class_instances_counts';

/** node-postgres's pool gives up waiting for a free connection after `connectionTimeoutMillis`. */
const isPoolExhausted = (error: Error) => error.message === 'timeout exceeded when trying to connect';

const UNSTORABLE_TEXT = 'Text cannot contain the NUL character or other invalid characters.';

/**
 * PostgreSQL refuses NUL and invalid UTF-8 in text (22021, 22P05) and a malformed value for a typed
 * column, such as an unpaired surrogate escape in jsonb (22P02): each is the sender's mistake. The
 * guard below stops them before any handler runs; this is the net behind it.
 */
function isUnstorableText(error: unknown): boolean {
  const code = postgresErrorCode(error);
  return code === '22021' || code === '22P05' || code === '22P02';
}

/**
 * NUL (refused by PostgreSQL text) and UTF-16 surrogates without their pair (not Unicode: text
 * columns would store U+FFFD in their place, jsonb refuses them) in a string or an object key.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function containsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => UNSTORABLE.test(key) || containsUnstorableText(inner, depth + 1),
  );
}

/** Refuses unstorable text anywhere in the body, query or path before any handler sees it. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (containsUnstorableText(request.body) || containsUnstorableText(request.query) || containsUnstorableText(request.params)) {
      return reply.code(400).send({ status: 0, message: UNSTORABLE_TEXT });
    }
  });
}

/**
 * Errors Fastify answers before any route or hook runs (a URL that is not valid percent-encoding,
 * a path segment longer than the router accepts): the envelope, without echoing the URL.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // No hook has run for these answers, so they get their security headers here.
  void reply.headers(API_SECURITY_HEADERS);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ status: 0, message: 'The address is too long. Check the link.' });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ status: 0, message: 'The address is not valid: it has a malformed %-escape. Check the link.' });
    return;
  }
  void reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({
    status: 0,
    message: 'The request could not be understood.',
  });
}

/** Requests Node's HTTP parser refuses (malformed or oversized headers, a timeout): the envelope too. */
export const clientErrorHandler: FastifyServerOptions['clientErrorHandler'] = function (
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', 'The request could not be read: it is not valid HTTP.'];
  const body = JSON.stringify({ status: 0, message });
  // An answer already on the wire (an early 401 while the body was still arriving) must not get a second status line.
  const answered = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (socket.writable && !answered) {
    socket.write(
      `HTTP/1.1 ${code} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    default:
      return error.message;
  }
}
