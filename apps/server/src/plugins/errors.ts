/** Typed errors: services throw these; the one error handler turns them into the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'We could not find that.') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const tooManyRequests = (message: string) => new HttpError(429, message);
