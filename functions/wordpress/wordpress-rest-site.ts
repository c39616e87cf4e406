import { type SafeFetchResponse, type SafeRequestOptions, safeRequest } from '#functions/commons/safe-fetch';
import type {
  WordPressCategory,
  WordPressConnection,
  WordPressLivePost,
  WordPressPost,
  WordPressPostsPage,
} from '#shared/wordpress';
import {
  type FailureContext,
  notRestApi,
  parseErrorBody,
  unreachable,
  type WordPressOperation,
  wordpressFailure,
} from './wordpress-failures';
import type { MediaFile, PostFields, SavedPost, UploadedMedia, WordPressSite } from './wordpress-site';
import { WordPressError } from './wordpress-site';

/**
 * The WordPress REST adapter (`/wp-json/wp/v2/...`), authenticated with an application password (HTTP Basic).
 * Every call goes through safeRequest, so a client's URL can never reach a private address, and a redirect to
 * another origin (another host, port or scheme, http → https included) is refused: the application password
 * goes to the address saved for the client and nowhere else
 * (docs/decisions.md, "The outside probe's findings").
 *
 * The API root is discovered once per site and kept for a few minutes: `/wp-json/` on sites with pretty
 * permalinks, `/?rest_route=` on sites without, and the path the site redirected to on its own origin,
 * so writes go straight to the final address and never meet a redirect.
 */

export interface WordPressCredentials {
  readonly url: string;
  readonly username: string;
  readonly password: string;
}

interface ApiRoot {
  /** Site address after redirects, without a trailing slash. */
  readonly base: string;
  readonly pretty: boolean;
  readonly siteName: string;
}

const DISCOVERY_TTL_MS = 5 * 60_000;
const READ_TIMEOUT_MS = 15_000;
const UPLOAD_TIMEOUT_MS = 25_000;
const MAX_CATEGORY_PAGES = 10;
const POST_FIELDS = 'id,title,date,date_gmt,status,link';
const LIVE_POST_FIELDS = 'id,title,content,status,categories,date_gmt,link';
/** Every status a staff member may want to see in the Published Posts tab. */
const LISTED_STATUSES = 'publish,future,draft,pending,private';

const roots = new Map<string, { root: ApiRoot; expires: number }>();

/** Trims, adds https:// when no scheme was typed and drops trailing slashes, query and fragment. */
export function normaliseSiteUrl(input: string): string {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    url.search = '';
    url.hash = '';
    return url.href.replace(/\/+$/, '');
  } catch {
    return withScheme.replace(/\/+$/, '');
  }
}

/** The REST URL of a route on a discovered root: `/wp-json/…` or `/?rest_route=/…`. */
export function restUrl(
  root: Pick<ApiRoot, 'base' | 'pretty'>,
  route: string,
  query: Record<string, string> = {},
): string {
  const params = new URLSearchParams(query).toString();
  if (root.pretty) return `${root.base}/wp-json${route}${params ? `?${params}` : ''}`;
  return `${root.base}/?rest_route=${encodeURIComponent(route)}${params ? `&${params}` : ''}`;
}

function isJson(response: SafeFetchResponse): boolean {
  return response.contentType === 'application/json' || response.contentType.endsWith('+json');
}

function parseJson(response: SafeFetchResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** The address that answered, minus the REST part: where the site really lives. */
function siteBaseOf(answeredUrl: string, pretty: boolean): string {
  const url = new URL(answeredUrl);
  url.search = '';
  url.hash = '';
  const path = pretty ? url.pathname.replace(/\/wp-json\/?.*$/, '') : url.pathname;
  url.pathname = path;
  return url.href.replace(/\/+$/, '');
}

function header(response: SafeFetchResponse, name: string): number {
  const value = response.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  const number = Number(text);
  return Number.isFinite(number) ? number : 0;
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toIsoUtc(dateGmt: unknown): string | null {
  if (typeof dateGmt !== 'string' || dateGmt === '') return null;
  const parsed = new Date(`${dateGmt.replace(/Z$/, '')}Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
}

/** WordPress's `date_gmt` format: no zone designator, seconds precision. */
function wordpressGmt(date: Date): string {
  return date.toISOString().slice(0, 19);
}

export class WordPressRestSite implements WordPressSite {
  private readonly siteUrl: string;
  private readonly authorization: string;

  constructor(private readonly credentials: WordPressCredentials) {
    this.siteUrl = normaliseSiteUrl(credentials.url);
    this.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  }

  private context(operation: WordPressOperation, extra: Partial<FailureContext> = {}): FailureContext {
    return { operation, siteUrl: this.siteUrl, username: this.credentials.username, ...extra };
  }

  private async send(
    url: string,
    options: SafeRequestOptions,
    context: FailureContext,
  ): Promise<SafeFetchResponse> {
    try {
      return await safeRequest(url, {
        timeoutMs: READ_TIMEOUT_MS,
        ...options,
        crossOriginRedirects: 'refuse',
        headers: { accept: 'application/json', authorization: this.authorization, ...options.headers },
      });
    } catch (error) {
      throw unreachable(error, context);
    }
  }

  /** Finds where the REST API answers: pretty permalinks first, then `?rest_route=`. */
  private async root(context: FailureContext): Promise<ApiRoot> {
    const cached = roots.get(this.siteUrl);
    if (cached && cached.expires > Date.now()) return cached.root;
    const query = { _fields: 'name,namespaces' };
    let lastAnswer: SafeFetchResponse | null = null;
    for (const pretty of [true, false]) {
      const response = await this.send(restUrl({ base: this.siteUrl, pretty }, '/', query), {}, context);
      const body = isJson(response) ? parseJson(response) : undefined;
      const index = body as { name?: unknown; namespaces?: unknown } | undefined;
      if (response.status === 200 && Array.isArray(index?.namespaces)) {
        if (!index.namespaces.includes('wp/v2')) {
          throw new WordPressError(
            'wordpress_rest_unavailable',
            `The REST API at ${this.siteUrl} does not offer WordPress's posts API (wp/v2). Check that the client's WordPress URL is the site's address.`,
          );
        }
        const root = { base: siteBaseOf(response.url, pretty), pretty, siteName: asString(index.name) };
        roots.set(this.siteUrl, { root, expires: Date.now() + DISCOVERY_TTL_MS });
        return root;
      }
      // An error of the REST API itself (credentials, REST disabled) is the real answer: stop here.
      const error = isJson(response) ? parseErrorBody(response.body) : null;
      if (error) throw wordpressFailure(response.status, error, context);
      lastAnswer = response;
    }
    throw notRestApi(lastAnswer?.status ?? 0, lastAnswer?.contentType ?? '', context);
  }

  /** One REST call; any answer but 2xx JSON becomes a WordPressError that says what is wrong. */
  private async call(
    operation: WordPressOperation,
    route: string,
    options: SafeRequestOptions & { query?: Record<string, string> } = {},
    extra: Partial<FailureContext> = {},
  ): Promise<{ body: unknown; response: SafeFetchResponse }> {
    const context = this.context(operation, extra);
    const root = await this.root(context);
    const { query, ...request } = options;
    const response = await this.send(restUrl(root, route, query), request, context);
    if (!isJson(response)) throw notRestApi(response.status, response.contentType, context);
    if (response.status >= 200 && response.status < 300) return { body: parseJson(response), response };
    const error = parseErrorBody(response.body);
    if (!error) throw notRestApi(response.status, response.contentType, context);
    throw wordpressFailure(response.status, error, context);
  }

  async listPosts(page: number, perPage: number): Promise<WordPressPostsPage> {
    const query = {
      page: String(page),
      per_page: String(perPage),
      status: LISTED_STATUSES,
      _fields: POST_FIELDS,
    };
    try {
      const { body, response } = await this.call('list', '/wp/v2/posts', { query });
      const posts = (Array.isArray(body) ? body : []).map(toPost);
      return {
        posts,
        page,
        totalPages: header(response, 'x-wp-totalpages'),
        total: header(response, 'x-wp-total'),
      };
    } catch (error) {
      // WordPress answers 400 for a page past the last one; for the tab that is simply an empty page.
      if (error instanceof WordPressError && error.code === 'wordpress_page_out_of_range') {
        return { posts: [], page, totalPages: 0, total: 0 };
      }
      // Wrong credentials make the request anonymous, and WordPress checks the arguments before the
      // caller: an anonymous caller may not ask for drafts, so the answer is "Invalid parameter(s):
      // status". Asking who we are names the real problem.
      if (error instanceof WordPressError && error.code === 'wordpress_error')
        await this.assertSignedIn('list');
      throw error;
    }
  }

  /** Throws the sign-in failure when WordPress takes these credentials for an anonymous visitor. */
  private async assertSignedIn(operation: WordPressOperation): Promise<void> {
    await this.call(operation, '/wp/v2/users/me', { query: { _fields: 'id' } });
  }

  async getPost(postId: number): Promise<WordPressLivePost> {
    const { body } = await this.call(
      'read',
      `/wp/v2/posts/${postId}`,
      { query: { context: 'edit', _fields: LIVE_POST_FIELDS } },
      { postId },
    );
    return toLivePost(body);
  }

  async listCategories(): Promise<WordPressCategory[]> {
    const categories: WordPressCategory[] = [];
    for (let page = 1; page <= MAX_CATEGORY_PAGES; page++) {
      const query = { per_page: '100', page: String(page), _fields: 'id,name', orderby: 'name' };
      const { body, response } = await this.call('list', '/wp/v2/categories', { query });
      for (const item of Array.isArray(body) ? body : []) {
        const { id, name } = item as { id?: unknown; name?: unknown };
        if (typeof id === 'number') categories.push({ id, name: decodeEntities(asString(name)) });
      }
      if (page >= header(response, 'x-wp-totalpages')) break;
    }
    return categories;
  }

  private postBody(fields: PostFields): string {
    return JSON.stringify({
      title: fields.title,
      content: fields.content,
      status: fields.status,
      ...(fields.categories && fields.categories.length > 0 ? { categories: fields.categories } : {}),
      ...(fields.dateGmt ? { date_gmt: wordpressGmt(fields.dateGmt) } : {}),
    });
  }

  /**
   * WordPress silently drops a category id it does not know, so a deleted category would publish the
   * post uncategorised without a word; asking first lets the user choose again.
   */
  private async assertCategoriesExist(operation: WordPressOperation, ids: readonly number[] | undefined) {
    if (!ids || ids.length === 0) return;
    const query = { include: ids.join(','), per_page: '100', _fields: 'id' };
    const { body } = await this.call(operation, '/wp/v2/categories', { query });
    const found = new Set((Array.isArray(body) ? body : []).map((item) => (item as { id?: unknown }).id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw wordpressFailure(
        400,
        { code: 'rest_invalid_term_id', message: '' },
        this.context(operation, { categories: missing }),
      );
    }
  }

  async createPost(fields: PostFields): Promise<SavedPost> {
    await this.assertCategoriesExist('create', fields.categories);
    const { body } = await this.call(
      'create',
      '/wp/v2/posts',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: this.postBody(fields) },
      { categories: fields.categories },
    );
    return toSavedPost(body);
  }

  async updatePost(postId: number, fields: PostFields): Promise<SavedPost> {
    await this.assertCategoriesExist('update', fields.categories);
    const { body } = await this.call(
      'update',
      `/wp/v2/posts/${postId}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: this.postBody(fields) },
      { categories: fields.categories, postId },
    );
    return toSavedPost(body);
  }

  async reschedulePost(postId: number, dateGmt: Date): Promise<SavedPost> {
    const { body } = await this.call(
      'update',
      `/wp/v2/posts/${postId}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'future', date_gmt: wordpressGmt(dateGmt) }),
      },
      { postId },
    );
    return toSavedPost(body);
  }

  async deletePost(postId: number): Promise<boolean> {
    try {
      await this.call('delete', `/wp/v2/posts/${postId}`, { method: 'DELETE' }, { postId });
      return true;
    } catch (error) {
      // Already gone, or already in the trash: either way the link is stale, which is what delete is for.
      if (error instanceof WordPressError && error.code === 'wordpress_post_missing') return false;
      throw error;
    }
  }

  async uploadMedia(file: MediaFile): Promise<UploadedMedia> {
    const filename = file.filename.replace(/["\\\r\n]/g, '_');
    const { body } = await this.call(
      'upload',
      '/wp/v2/media',
      {
        method: 'POST',
        timeoutMs: UPLOAD_TIMEOUT_MS,
        headers: {
          'content-type': file.mimeType,
          'content-disposition': `attachment; filename="${filename}"`,
        },
        body: file.bytes,
      },
      { filename: file.filename, mimeType: file.mimeType },
    );
    const { id, source_url: sourceUrl } = (body ?? {}) as { id?: unknown; source_url?: unknown };
    // 001 §8: an upload with no media URL is an error.
    if (typeof id !== 'number' || typeof sourceUrl !== 'string' || sourceUrl === '') {
      throw new WordPressError('wordpress_error', 'WordPress stored the file but returned no media URL.');
    }
    return { id, sourceUrl };
  }

  async testConnection(): Promise<WordPressConnection> {
    const context = this.context('connect');
    const root = await this.root(context);
    const { body } = await this.call('connect', '/wp/v2/users/me', {
      query: { context: 'edit', _fields: 'id,name,capabilities' },
    });
    const { name, capabilities } = (body ?? {}) as { name?: unknown; capabilities?: Record<string, unknown> };
    return {
      ok: true,
      siteName: root.siteName,
      userName: asString(name),
      apiRoot: restUrl(root, '/'),
      prettyPermalinks: root.pretty,
      canPublish: capabilities?.publish_posts === true,
      canUpload: capabilities?.upload_files === true,
    };
  }
}

/** Category names come back HTML-escaped (`Tips &amp; Tricks`). */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function toPost(item: unknown): WordPressPost {
  const { id, title, date, date_gmt: dateGmt, status, link } = (item ?? {}) as Record<string, unknown>;
  const rendered = (title as { rendered?: unknown } | undefined)?.rendered;
  return {
    id: typeof id === 'number' ? id : 0,
    title: { rendered: asString(rendered) },
    date: toIsoUtc(dateGmt) ?? asString(date),
    status: asString(status),
    link: asString(link),
  };
}

function rawOf(field: unknown): string {
  return asString((field as { raw?: unknown } | undefined)?.raw);
}

function toLivePost(body: unknown): WordPressLivePost {
  const {
    id,
    title,
    content,
    status,
    categories,
    date_gmt: dateGmt,
    link,
  } = (body ?? {}) as Record<string, unknown>;
  if (typeof id !== 'number') throw new WordPressError('wordpress_error', 'WordPress returned no post id.');
  const state = asString(status);
  return {
    id,
    title: rawOf(title),
    content: rawOf(content),
    status: state,
    categories: (Array.isArray(categories) ? categories : []).filter(
      (value): value is number => typeof value === 'number',
    ),
    date: state === 'future' ? toIsoUtc(dateGmt) : null,
    link: asString(link),
  };
}

function toSavedPost(body: unknown): SavedPost {
  const { id, link, status, date_gmt: dateGmt } = (body ?? {}) as Record<string, unknown>;
  // 001 §8: a reply without a post id is a failed publish.
  if (typeof id !== 'number') throw new WordPressError('wordpress_error', 'WordPress returned no post id.');
  return { id, link: asString(link), status: asString(status), dateGmt: toIsoUtc(dateGmt) };
}
