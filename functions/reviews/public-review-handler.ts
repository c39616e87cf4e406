import type * as z from 'zod/mini';
import { findClientRecord } from '#functions/clients/client-access';
import type { ClientRecord } from '#functions/clients/client-record';
import { ForbiddenError, NotFoundError } from '#functions/commons/errors';
import { type HttpEvent, parseBody, routeAuth, validate, wrap } from '#functions/commons/http-wrap';
import type { ContentRecord } from '#functions/content/content-record';
import { findContent } from '#functions/content/content-store';
import { REVIEW_MESSAGES } from '#shared/reviews';
import { consumeReviewRequest } from './review-rate-limit';
import { findReviewByTokenHash, type ReviewRecord, reviewStateOf } from './review-store';
import { isReviewTokenShape, reviewTokenHash } from './review-token';

/**
 * The public review routes (`/api/reviews/{token}…`, no credentials): every request first counts against
 * its token's and its address's budgets, then reads only through the token's hash. An unknown, revoked
 * or expired link, a link whose item or client is gone, and a malformed token all get the same 404, so a
 * link tells nothing about what it was. Only then is the body read.
 */

export interface PublicReviewRequest<Body> {
  readonly review: ReviewRecord;
  readonly content: ContentRecord;
  readonly client: ClientRecord;
  readonly body: Body;
  readonly userAgent: string | null;
  /** The page's poll sends the ETag of what it shows (docs/decisions.md, live review page). */
  readonly ifNoneMatch: string | null;
}

/**
 * Who is asking, for the per-address budget. The API answers only requests that came through CloudFront
 * (its origin header), so the source address is CloudFront's edge: the viewer is what CloudFront reports,
 * in CloudFront-Viewer-Address when forwarded, else as the entry CloudFront appended to X-Forwarded-For
 * (the last one before any the API's own hops added, which repeat the source). Entries a client sent come
 * before CloudFront's, so they cannot pick the bucket. Locally the socket's address, or the header's.
 */
export function clientAddress(event: HttpEvent): string {
  // `203.0.113.7:51234` or `2001:db8::7:51234`: the address, then the port after the last colon.
  const viewer = event.headers?.['cloudfront-viewer-address'];
  const port = viewer?.lastIndexOf(':') ?? -1;
  if (viewer && port > 0) return viewer.slice(0, port);
  const source = event.requestContext.http.sourceIp;
  const forwarded = (event.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  while (forwarded.length > 0 && forwarded.at(-1) === source) forwarded.pop();
  return forwarded.at(-1) ?? source;
}

export function publicReviewHandler<Body = undefined>(options: {
  body?: z.core.$ZodType<Body>;
  handle: (request: PublicReviewRequest<Body>) => Promise<unknown>;
}) {
  return wrap(async (event) => {
    if (routeAuth(event) !== 'public')
      throw new ForbiddenError(`Route ${event.routeKey} is not a public route`);
    const token = event.pathParameters?.token ?? '';
    const tokenHash = reviewTokenHash(token);
    await consumeReviewRequest(tokenHash, clientAddress(event));
    const unavailable = new NotFoundError(REVIEW_MESSAGES.linkUnavailable);
    if (!isReviewTokenShape(token)) throw unavailable;
    const review = await findReviewByTokenHash(tokenHash);
    if (!review || reviewStateOf(review) !== 'open') throw unavailable;
    const [content, client] = await Promise.all([
      findContent(review.clientId, review.contentId, { consistent: true }),
      findClientRecord(review.clientId),
    ]);
    if (!content || !client) throw unavailable;
    const body = validate(options.body, parseBody(event));
    return options.handle({
      review,
      content,
      client,
      body,
      userAgent: event.headers?.['user-agent'] ?? null,
      ifNoneMatch: event.headers?.['if-none-match'] ?? null,
    });
  });
}
