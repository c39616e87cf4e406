import type { HttpEvent } from './http-wrap';

/**
 * The app's origin, for links it hands out (a review link, a statement link, the documentation): the
 * browser's Origin header (the app calls the API same-origin through CloudFront, and locally through the
 * gateway), else the host the request reached.
 */
export function appOrigin(event: HttpEvent): string {
  const origin = event.headers?.origin;
  if (origin && /^https?:\/\/[^/\s]+$/u.test(origin)) return origin;
  const proto = event.headers?.['x-forwarded-proto'] ?? 'https';
  return `${proto}://${event.headers?.host ?? event.requestContext.domainName}`;
}
