import { describe, expect, it } from 'vitest';
import {
  CrossOriginRedirectError,
  FetchFailedError,
  UnsafeUrlError,
} from '#functions/commons/safe-fetch-errors';
import { notRestApi, parseErrorBody, unreachable, wordpressFailure } from './wordpress-failures';

const context = { operation: 'create' as const, siteUrl: 'https://bakery.example', username: 'editor' };

describe('wordpressFailure', () => {
  it('names the wrong application password and the unknown user (the codes newer WordPress sends)', () => {
    expect(wordpressFailure(401, { code: 'incorrect_password', message: 'x' }, context)).toMatchObject({
      statusCode: 502,
      code: 'wordpress_auth_failed',
      message: expect.stringContaining('WordPress refused the application password of user "editor"'),
    });
    expect(wordpressFailure(401, { code: 'invalid_username', message: 'x' }, context).message).toBe(
      'WordPress has no user "editor". Check the WordPress username in the client\'s profile.',
    );
  });

  it('never answers 401 (that would end the LBM Studio session in the browser)', () => {
    for (const code of ['rest_not_logged_in', 'rest_cannot_create', 'incorrect_password']) {
      expect(wordpressFailure(401, { code, message: 'm' }, context).statusCode).toBe(502);
    }
  });

  it('tells a missing capability from a refused login', () => {
    const error = wordpressFailure(403, { code: 'rest_cannot_create', message: 'Sorry' }, context);
    expect(error).toMatchObject({ code: 'wordpress_forbidden' });
    expect(error.message).toBe(
      'WordPress user "editor" is not allowed to create posts (Sorry). Give the user the Editor or Administrator role.',
    );
  });

  it('says the REST API is disabled when a plugin refuses it', () => {
    const error = wordpressFailure(
      403,
      { code: 'rest_disabled', message: 'The REST API is disabled.' },
      context,
    );
    expect(error).toMatchObject({ code: 'wordpress_rest_unavailable' });
    expect(error.message).toContain('The WordPress REST API is disabled on https://bakery.example');
  });

  it('explains SVG refusals and other media types', () => {
    const upload = { ...context, operation: 'upload' as const };
    const refused = {
      code: 'rest_upload_sideload_error',
      message: 'Sorry, you are not allowed to upload this file type.',
    };
    expect(
      wordpressFailure(500, refused, { ...upload, filename: 'logo.svg', mimeType: 'image/svg+xml' }).message,
    ).toContain('WordPress does not accept SVG images by default');
    const webp = wordpressFailure(500, refused, { ...upload, filename: 'a.webp', mimeType: 'image/webp' });
    expect(webp).toMatchObject({ statusCode: 415, code: 'wordpress_media_type' });
    expect(webp.message).toBe(
      'WordPress refused "a.webp": this site does not allow image/webp uploads (Sorry, you are not allowed to upload this file type.).',
    );
  });

  it('tells a page past the last one and a post already in the trash apart from real failures', () => {
    expect(
      wordpressFailure(400, { code: 'rest_post_invalid_page_number', message: 'Too far' }, context),
    ).toMatchObject({
      code: 'wordpress_page_out_of_range',
    });
    expect(
      wordpressFailure(410, { code: 'rest_already_trashed', message: '' }, { ...context, postId: 3 }),
    ).toMatchObject({
      code: 'wordpress_post_missing',
      message: 'Post 3 is already in the WordPress trash.',
    });
  });

  it('reports a post that no longer exists', () => {
    expect(
      wordpressFailure(404, { code: 'rest_post_invalid_id', message: '' }, { ...context, postId: 7 }),
    ).toMatchObject({
      statusCode: 404,
      message: 'Post 7 no longer exists on the WordPress site.',
    });
  });
});

describe('the other failures', () => {
  it('reads only WordPress error bodies, without markup', () => {
    expect(parseErrorBody('{"code":"x","message":"<b>Bad</b> thing"}')).toEqual({
      code: 'x',
      message: 'Bad thing',
    });
    expect(parseErrorBody('<html>')).toBeNull();
    expect(parseErrorBody('[1]')).toBeNull();
  });

  it('describes a page that is not the REST API', () => {
    expect(notRestApi(200, 'text/html', context).message).toBe(
      "The WordPress REST API is not available at https://bakery.example: the site answered 200 with a text/html page. Check that the client's WordPress URL is the site's address and that the REST API is not disabled.",
    );
  });

  it('separates a blocked address from an unreachable site', () => {
    expect(
      unreachable(new UnsafeUrlError('blocked_address', 'This address is not allowed'), context),
    ).toMatchObject({
      statusCode: 400,
      code: 'wordpress_blocked_url',
    });
    expect(
      unreachable(
        new FetchFailedError('timeout', 'The page took longer than 15 seconds to respond'),
        context,
      ),
    ).toMatchObject({
      statusCode: 502,
      code: 'wordpress_unreachable',
      message:
        'Could not reach the WordPress site at https://bakery.example: The page took longer than 15 seconds to respond. Check the URL and that the site is online.',
    });
  });

  it('says where a site redirected to, and that http → https is another address too', () => {
    const elsewhere = new CrossOriginRedirectError(
      'https://bakery.example/wp-json/',
      'https://evil.example/x',
    );
    expect(unreachable(elsewhere, context)).toMatchObject({
      statusCode: 400,
      code: 'wordpress_redirected',
      message:
        "The WordPress site redirected to another address (https://evil.example/x). Check the site URL in the client's settings.",
    });
    const upgrade = new CrossOriginRedirectError(
      'http://bakery.example/wp-json/',
      'https://bakery.example/wp-json/',
    );
    expect(unreachable(upgrade, context).message).toBe(
      "The WordPress site redirected from http to https (https://bakery.example/wp-json/). Save the https:// address as the site URL in the client's settings: the application password is only sent to the address saved there.",
    );
  });
});
