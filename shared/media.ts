/**
 * Where generated media lives and how it is addressed (docs/architecture.md, "Media, publishing and integrators"). Images and MP3s are stored in the
 * media bucket under `media/{userId}/{jobId}/{fileName}`; results and saved content carry the same-origin
 * path `/api/media/{userId}/{jobId}/{fileName}`, never the bytes. A browser tag (`<img>`, `<audio>`)
 * cannot send an Authorization header, so it uses the path with a short-lived `token` query parameter,
 * obtained from `POST /api/media/sign` after an access check.
 */

export const MEDIA_KEY_PREFIX = 'media/';
export const MEDIA_PATH_PREFIX = '/api/media/';
/** How long a signed media URL works: long enough to render a gallery or play a podcast through. */
export const MEDIA_URL_TTL_SECONDS = 60 * 60;
/** Unsaved job media expire after this many days (S3 lifecycle rule); saved media stay. */
export const UNSAVED_MEDIA_DAYS = 7;
/** The object tag the lifecycle rule reads: `job` media expire, `saved` media stay. */
export const MEDIA_RETENTION_TAG = 'retention';
export type MediaRetention = 'job' | 'saved';
/** At most this many URLs are signed per request (a gallery of ten images, with room to spare). */
export const MAX_MEDIA_URLS_PER_SIGN = 50;

export const MEDIA_FILE_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
} as const;
export type MediaExtension = keyof typeof MEDIA_FILE_TYPES;

export interface MediaLocation {
  readonly userId: string;
  readonly jobId: string;
  readonly fileName: string;
}

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;
const JOB_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.(png|jpeg|webp|gif|mp3)$/;

export function isMediaLocation(location: MediaLocation): boolean {
  return USER_ID.test(location.userId) && JOB_ID.test(location.jobId) && FILE_NAME.test(location.fileName);
}

export function mediaKey(location: MediaLocation): string {
  return `${MEDIA_KEY_PREFIX}${location.userId}/${location.jobId}/${location.fileName}`;
}

/** Reads a media bucket key (`media/{userId}/{jobId}/{fileName}`); null for anything else. */
export function parseMediaKey(key: string): MediaLocation | null {
  return locationAfter(MEDIA_KEY_PREFIX, key);
}

/** The location a key or path names after its prefix (`{userId}/{jobId}/{fileName}`); null if none. */
function locationAfter(prefix: string, value: string): MediaLocation | null {
  if (!value.startsWith(prefix)) return null;
  const [userId, jobId, fileName, ...rest] = value.slice(prefix.length).split('/');
  if (rest.length > 0 || userId === undefined || jobId === undefined || fileName === undefined) return null;
  const location = { userId, jobId, fileName };
  return isMediaLocation(location) ? location : null;
}

export function mediaPath(location: MediaLocation): string {
  return `${MEDIA_PATH_PREFIX}${location.userId}/${location.jobId}/${location.fileName}`;
}

/** Reads a media path (or a URL whose path is one, with or without a query); null for anything else. */
export function parseMediaPath(value: string): MediaLocation | null {
  let path: string;
  try {
    path = new URL(value, 'http://media.invalid').pathname;
  } catch {
    return null;
  }
  return locationAfter(MEDIA_PATH_PREFIX, path);
}

/**
 * A media path inside stored text or HTML, with any query an older copy carried (an expired token).
 * Paths stop at a quote, whitespace, '<', '>' or ')'. A new expression each time: it is global.
 */
export function mediaPathPattern(): RegExp {
  return new RegExp(`${MEDIA_PATH_PREFIX.replace(/\//g, '\\/')}[^"'\\s<>()?#]+(\\?[^"'\\s<>()#]*)?`, 'g');
}

/** The distinct media files a text (HTML, or stored JSON) refers to. */
export function mediaLocationsIn(text: string): MediaLocation[] {
  const found = new Map<string, MediaLocation>();
  for (const match of text.matchAll(mediaPathPattern())) {
    const location = parseMediaPath(match[0]);
    if (location) found.set(mediaPath(location), location);
  }
  return [...found.values()];
}

export function mediaContentType(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1) as MediaExtension;
  return MEDIA_FILE_TYPES[extension] ?? 'application/octet-stream';
}

/** The path with its signed token, as `<img src>` and `<audio src>` use it. */
export function signedMediaPath(location: MediaLocation, token: string): string {
  return `${mediaPath(location)}?token=${encodeURIComponent(token)}`;
}
