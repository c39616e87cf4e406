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
    /** More of the error object beside code and message (a bulk run's row problems), documented per route. */
    readonly details: Readonly<Record<string, unknown>> = {},
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

/**
 * 401 with the challenge HTTP requires (RFC 9110 §15.5.2): the API takes Bearer credentials (an API key
 * or a sign-in token). `invalidToken` says credentials were sent but are not valid (RFC 6750 §3.1).
 */
export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue.', invalidToken = false) {
    super(401, 'unauthorized', message, {
      'www-authenticate': `Bearer realm="LBM Studio"${invalidToken ? ', error="invalid_token"' : ''}`,
    });
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this.', code = 'forbidden') {
    super(403, code, message);
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

/** The request is well formed but cannot be done as sent (an Idempotency-Key reused with another body). */
export class UnprocessableError extends HttpError {
  constructor(message: string, code: string) {
    super(422, code, message);
  }
}

/** A body sent as something other than JSON (`text/plain`, a form) to a route that reads JSON. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
