import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { postgresErrorCode } from '../db/errors.ts';
import { HttpError } from './errors.ts';

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

const UNSTORABLE_TEXT = 'Text cannot contain the NUL character or other invalid characters.';

/** PostgreSQL refuses NUL and invalid UTF-8 in text (22021, 22P05); that is the sender's mistake. */
function isUnstorableText(error: unknown): boolean {
  const code = postgresErrorCode(error);
  return code === '22021' || code === '22P05';
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1));
}

/** Refuses NUL characters anywhere in a JSON body before any handler sees it. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      return reply.code(400).send({ status: 0, message: UNSTORABLE_TEXT });
    }
  });
}

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
