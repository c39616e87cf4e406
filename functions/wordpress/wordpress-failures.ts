import {
  CrossOriginRedirectError,
  FetchFailedError,
  UnsafeUrlError,
} from '#functions/commons/safe-fetch-errors';
import { WORDPRESS_MESSAGES } from '#shared/wordpress';
import { WordPressError } from './wordpress-site';

/**
 * Turns what a WordPress site answered (or why it could not be reached) into one clear message that
 * says what to fix. Pure, so every branch is unit-tested without a site.
 */

export type WordPressOperation = 'connect' | 'list' | 'read' | 'create' | 'update' | 'delete' | 'upload';

export interface FailureContext {
  readonly operation: WordPressOperation;
  readonly siteUrl: string;
  readonly username: string;
  readonly categories?: readonly number[];
  readonly postId?: number;
  readonly filename?: string;
  readonly mimeType?: string;
}

interface WordPressErrorBody {
  readonly code: string;
  readonly message: string;
}

/** WordPress errors are `{code, message, data}`; anything else is not an answer of its REST API. */
export function parseErrorBody(body: string): WordPressErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { code, message } = parsed as Record<string, unknown>;
    if (typeof code !== 'string') return null;
    return { code, message: typeof message === 'string' ? stripTags(message) : '' };
  } catch {
    return null;
  }
}

function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const WHAT: Record<WordPressOperation, string> = {
  connect: 'read this site',
  list: 'list posts',
  read: 'read this post',
  create: 'create posts',
  update: 'edit this post',
  delete: 'delete this post',
  upload: 'upload files',
};

const PASSWORD_HINT =
  "Create a new application password in WordPress (Users → Profile → Application Passwords) and save it in the client's profile.";

function mediaTypeRefused(context: FailureContext, detail: string): WordPressError {
  const file = context.filename ? `"${context.filename}"` : 'this file';
  if (context.mimeType === 'image/svg+xml' || context.filename?.toLowerCase().endsWith('.svg')) {
    return new WordPressError(
      'wordpress_media_type',
      `WordPress refused ${file}: WordPress does not accept SVG images by default (they can carry scripts). Upload a PNG, JPEG, GIF or WebP instead, or allow SVG on the site with a plugin such as Safe SVG.`,
      415,
    );
  }
  return new WordPressError(
    'wordpress_media_type',
    `WordPress refused ${file}: this site does not allow ${context.mimeType ?? 'this file type'} uploads (${detail}).`,
    415,
  );
}

/** An error answer of the REST API (status ≥ 400 with a JSON `{code, message}`). */
export function wordpressFailure(
  status: number,
  body: WordPressErrorBody,
  context: FailureContext,
): WordPressError {
  const { code, message } = body;
  const user = `"${context.username}"`;
  switch (code) {
    case 'incorrect_password':
      return new WordPressError(
        'wordpress_auth_failed',
        `WordPress refused the application password of user ${user}. ${PASSWORD_HINT}`,
      );
    case 'invalid_username':
    case 'invalid_email':
      return new WordPressError(
        'wordpress_auth_failed',
        `WordPress has no user ${user}. Check the WordPress username in the client's profile.`,
      );
    case 'application_passwords_disabled':
    case 'application_passwords_disabled_for_user':
      return new WordPressError(
        'wordpress_auth_failed',
        `Application passwords are turned off on this WordPress site, so LBM Studio cannot sign in as ${user}. Turn them on, or remove the plugin that disables them.`,
      );
    case 'rest_cannot_assign_term':
    case 'rest_invalid_term_id':
      return new WordPressError(
        'wordpress_unknown_category',
        `Category ${(context.categories ?? []).join(', ')} does not exist on this WordPress site (it may have been deleted). Choose another category.`,
        400,
      );
    case 'rest_post_invalid_page_number':
      return new WordPressError(
        'wordpress_page_out_of_range',
        message || 'There is no such page of posts.',
        400,
      );
    case 'rest_already_trashed':
      return new WordPressError(
        'wordpress_post_missing',
        `${context.postId === undefined ? 'The post' : `Post ${context.postId}`} is already in the WordPress trash.`,
        404,
      );
    case 'rest_post_invalid_id':
      return new WordPressError(
        'wordpress_post_missing',
        `${context.postId === undefined ? 'The post' : `Post ${context.postId}`} no longer exists on the WordPress site.`,
        404,
      );
    case 'rest_upload_sideload_error':
    case 'rest_upload_unknown_error':
      if (/file type|not allowed|permitted/i.test(message)) return mediaTypeRefused(context, message);
      break;
    case 'rest_upload_file_too_big':
    case 'rest_upload_limited_space':
      return new WordPressError('wordpress_media_too_large', `WordPress refused the file: ${message}`, 413);
    case 'rest_no_route':
      return new WordPressError(
        'wordpress_rest_unavailable',
        `The WordPress REST API at ${context.siteUrl} does not offer this (${message}). A plugin may have disabled part of the REST API.`,
      );
    case 'rest_disabled':
    case 'rest_api_disabled':
    case 'rest_cannot_access':
    case 'rest_login_required':
      if (status === 403 || code !== 'rest_cannot_access') {
        return new WordPressError(
          'wordpress_rest_unavailable',
          `The WordPress REST API is disabled on ${context.siteUrl} (${message}). LBM Studio publishes through it: allow it for logged-in users.`,
        );
      }
      break;
    default:
      break;
  }
  if (status === 401) {
    return new WordPressError(
      'wordpress_auth_failed',
      `${WORDPRESS_MESSAGES.wrongCredentials}: WordPress did not accept user ${user} with the saved application password (${message || code}). Check both in the client's profile: the password must be an application password (Users → Profile → Application Passwords), not the login password. If they are right, the site's server may be dropping the Authorization header.`,
    );
  }
  if (status === 403) {
    return new WordPressError(
      'wordpress_forbidden',
      `WordPress user ${user} is not allowed to ${WHAT[context.operation]} (${message || code}). Give the user the Editor or Administrator role.`,
    );
  }
  return new WordPressError(
    'wordpress_error',
    `WordPress answered ${status}: ${message || code}`,
    status >= 500 ? 502 : 400,
  );
}

/** An answer that is not the REST API's (an HTML page, a plain 404, a redirect a write cannot follow). */
export function notRestApi(status: number, contentType: string, context: FailureContext): WordPressError {
  const what = contentType === '' ? 'an answer without a type' : `a ${contentType} page`;
  return new WordPressError(
    'wordpress_rest_unavailable',
    `The WordPress REST API is not available at ${context.siteUrl}: the site answered ${status} with ${what}. Check that the client's WordPress URL is the site's address and that the REST API is not disabled.`,
  );
}

/**
 * The site redirected to another origin. The application password is only ever sent to the address saved
 * for the client, so the redirect is not followed; http → https on the same host is another origin too.
 */
function redirectedElsewhere(error: CrossOriginRedirectError): WordPressError {
  const from = new URL(error.from);
  const to = new URL(error.to);
  const upgrade = from.protocol === 'http:' && to.protocol === 'https:' && from.host === to.host;
  return new WordPressError(
    'wordpress_redirected',
    upgrade
      ? `The WordPress site redirected from http to https (${error.to}). Save the https:// address as the site URL in the client's settings: the application password is only sent to the address saved there.`
      : `The WordPress site redirected to another address (${error.to}). Check the site URL in the client's settings.`,
    400,
  );
}

/** The site could not be reached at all, or its address may not be contacted. */
export function unreachable(error: unknown, context: FailureContext): Error {
  if (error instanceof CrossOriginRedirectError) return redirectedElsewhere(error);
  if (error instanceof UnsafeUrlError) {
    return new WordPressError(
      'wordpress_blocked_url',
      `The WordPress URL ${context.siteUrl} cannot be used: ${error.message}`,
      400,
    );
  }
  if (error instanceof FetchFailedError) {
    return new WordPressError(
      'wordpress_unreachable',
      `Could not reach the WordPress site at ${context.siteUrl}: ${error.message}. Check the URL and that the site is online.`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
