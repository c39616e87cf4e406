/**
 * Typed errors the handlers throw; the HTTP middleware maps each to its status code and the JSON body
 * `{ error: { code, message } }`. Anything else becomes a 500 without details (no stack traces leave).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra reply headers, such as Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, code = 'bad_request') {
    super(400, code, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, 'forbidden', message);
  }
}

/** Also what a caller without access sees, so a forbidden thing and a missing one look the same. */
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

/** A dependency refused or failed the request (the jobs queue): nothing was done, try again later. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string, code = 'service_unavailable') {
    super(503, code, message, { 'retry-after': '5' });
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
