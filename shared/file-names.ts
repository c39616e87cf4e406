/**
 * Download file names (spec 000 §9, 001 §9). Timestamps use the viewer's local clock, because a
 * download lands on the viewer's disk: `2026-11-21-0930` (year-month-day-hourminute), which sorts
 * by time and carries no characters that file systems reject.
 */

export type TextDownloadExtension = 'html' | 'txt';

/** Newsletter topic slug limit (000 §9). */
export const TOPIC_SLUG_MAX = 50;
/** Limit of the last URL path segment in a URL-based name (000 §9). */
export const URL_SEGMENT_MAX = 30;
/** Whole FAQ / How To download name, extension excluded (001 §9). */
export const FAQ_DOWNLOAD_NAME_MAX = 50;
/** Whole image download name, extension excluded (001 §9). */
export const IMAGE_DOWNLOAD_NAME_MAX = 150;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `2026-11-21-0930`: local date and time to the minute. */
export function downloadTimestamp(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
}

const trimHyphens = (value: string): string => value.replace(/^-+|-+$/gu, '');

/** Lowercase letters, digits and single hyphens, cut to `max` characters without a trailing hyphen. */
export function slugify(text: string, max: number = TOPIC_SLUG_MAX): string {
  const slug = trimHyphens(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/gu, '-'),
  );
  return trimHyphens(slug.slice(0, Math.max(0, max)));
}

/** Cuts a finished name stem to `max` characters, never leaving a trailing hyphen or dot. */
function fitStem(stem: string, max: number | undefined): string {
  if (max === undefined || stem.length <= max) return stem;
  return stem.slice(0, max).replace(/[-.]+$/u, '');
}

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Letters, digits, dots and single hyphens, lowercase: a URL part as a file name keeps its dots. */
function fileSafe(text: string): string {
  return trimHyphens(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9.]+/gu, '-'),
  );
}

/**
 * The host as written (`www.` included) plus the last path segment as written, extension included,
 * cut to 30 characters (000 §9): `www.example.com-spring-sale.html`.
 */
export function urlNamePart(url: URL): string {
  const host = fileSafe(url.hostname);
  const last =
    url.pathname
      .split('/')
      .filter((segment) => segment !== '')
      .at(-1) ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A malformed escape sequence is still a usable name once made file-safe.
  }
  const segment = fileSafe(decoded)
    .slice(0, URL_SEGMENT_MAX)
    .replace(/[-.]+$/u, '');
  return segment === '' ? host : `${host}-${segment}`;
}

export interface DownloadNameOptions {
  /** Upper bound for the whole name without extension (FAQ 50, images 150). */
  readonly maxLength?: number;
}

/**
 * The download name every tool uses. A URL gives `{host}-{last segment}-{timestamp}` (000 §9); any
 * other text gives `{slug}-{kind}-{timestamp}`. With `maxLength`, the topic part shrinks first so the
 * kind and timestamp always survive.
 */
export function toolDownloadName(
  kind: string,
  topicOrUrl: string,
  extension: string,
  now: Date,
  options: DownloadNameOptions = {},
): string {
  const stamp = downloadTimestamp(now);
  const kindSlug = slugify(kind, TOPIC_SLUG_MAX);
  const url = parseHttpUrl(topicOrUrl);
  const suffix = url ? `-${stamp}` : `${kindSlug === '' ? '' : `-${kindSlug}`}-${stamp}`;
  const room =
    options.maxLength === undefined ? TOPIC_SLUG_MAX : Math.max(0, options.maxLength - suffix.length);
  const base = url ? fitStem(urlNamePart(url), room) : slugify(topicOrUrl, Math.min(TOPIC_SLUG_MAX, room));
  const stem = base === '' ? suffix.replace(/^-/u, '') : `${base}${suffix}`;
  return `${fitStem(stem, options.maxLength)}.${extension}`;
}

export type NewsletterSource =
  | { readonly inputType: 'topic'; readonly topic: string }
  | { readonly inputType: 'url'; readonly url: string };

/** Newsletter download (000 §9): `{topic slug}-newsletter-{timestamp}` or `{host}-{segment}-{timestamp}`. */
export function newsletterDownloadName(
  source: NewsletterSource,
  extension: TextDownloadExtension,
  now: Date,
): string {
  return toolDownloadName(
    'newsletter',
    source.inputType === 'topic' ? source.topic : source.url,
    extension,
    now,
  );
}

/** FAQ / How To download: at most 50 characters before the extension (001 §9). */
export function faqDownloadName(
  topic: string,
  contentType: 'faq' | 'howto',
  extension: TextDownloadExtension,
  now: Date,
): string {
  return toolDownloadName(contentType === 'faq' ? 'faq' : 'how-to', topic, extension, now, {
    maxLength: FAQ_DOWNLOAD_NAME_MAX,
  });
}

/** Image download: the prompt's slug and the image number, at most 150 characters before the extension (001 §9). */
export function imageDownloadName(prompt: string, index: number, extension: string, now: Date): string {
  return toolDownloadName(`image-${index + 1}`, prompt, extension, now, {
    maxLength: IMAGE_DOWNLOAD_NAME_MAX,
  });
}

/**
 * Library download (000 §9): the title with non-alphanumeric characters stripped and spaces replaced
 * by hyphens, e.g. "Newsletter - Nov 21, 2026" → `Newsletter-Nov-21-2026`.
 */
export function libraryDownloadName(title: string, extension: TextDownloadExtension): string {
  const stem = title
    .replace(/[^a-z0-9\s]/giu, '')
    .trim()
    .replace(/\s+/gu, '-');
  return `${stem === '' ? 'content' : stem}.${extension}`;
}
