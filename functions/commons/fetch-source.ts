import type { ExtractedSource } from './extract-readable';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';
import { FetchFailedError } from './safe-fetch-errors';

/** Reads the source URL of a generation request; what users' URLs may be is safeFetch's business. */

export type FetchSourceOptions = Omit<SafeFetchOptions, 'allowJson'>;

const MAX_PLAIN_TITLE = 120;

function plainTextSource(body: string, url: string): ExtractedSource {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .replace(/^\n+|\s+$/g, ''),
    )
    .filter((paragraph) => paragraph.trim().length > 0);
  const firstLine = paragraphs[0]?.split('\n')[0]?.trim() ?? '';
  return {
    url,
    title: firstLine.length > 0 && firstLine.length <= MAX_PLAIN_TITLE ? firstLine : new URL(url).hostname,
    text: paragraphs.join('\n\n'),
    siteName: null,
  };
}

/**
 * Fetches `url` through the safe fetcher and returns its readable text (the article of an HTML page,
 * a plain-text page as it is). `url` of the result is the address that answered, after redirects.
 * Throws the fetcher's `UnsafeUrlError`/`FetchFailedError`, or `FetchFailedError('no_readable_text')`.
 */
export async function fetchSource(url: string, options: FetchSourceOptions = {}): Promise<ExtractedSource> {
  const page = await safeFetch(url, options);
  // linkedom, css-select and Readability (most of a page reader's bundle:
  // docs/benchmarks.md, "lambda-bundle") are evaluated only when a page is read, not each time the worker or
  // the fetch route starts.
  const source =
    page.contentType === 'text/plain'
      ? plainTextSource(page.body, page.url)
      : (await import('./extract-readable')).extractReadable(page.body, page.url);
  if (source.text.length === 0) {
    throw new FetchFailedError('no_readable_text', 'The page has no readable text to work from');
  }
  return source;
}
