/**
 * The Content-Security-Policy CloudFront sends with the app. Scripts only from the site itself; styles
 * may be inline because the UI kit and the generated HTML previews use style attributes; images from
 * any https host because generated content and WordPress posts embed remote images. The browser talks
 * to the site (same-origin /api), Cognito, the WebSocket API and presigned media URLs, nothing else.
 *
 * Origins are passed in because in the stack they are CloudFormation tokens.
 */

export interface CspOrigins {
  /** e.g. https://cognito-idp.eu-west-1.amazonaws.com */
  readonly cognito: string;
  /** e.g. wss://abc123.execute-api.eu-west-1.amazonaws.com */
  readonly webSocket: string;
  /** e.g. https://media-bucket.s3.eu-west-1.amazonaws.com (presigned downloads) */
  readonly media: string;
}

export function contentSecurityPolicy(origins: CspOrigins): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:', origins.media],
    'connect-src': ["'self'", origins.cognito, origins.webSocket, origins.media],
    'frame-src': ["'self'", 'blob:', 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .concat('upgrade-insecure-requests')
    .join('; ');
}
