import type { ClientContent } from './content';
import { mediaLocationsIn, mediaPath } from './media';
import { countWords, htmlToText } from './text';
import { type WordPressLink, wordpressLinkOf } from './wordpress';

/**
 * A library item as its card shows it
 * (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids"): GET /api/clients/{id}/content
 * lists these, never the text, HTML or metadata, so 5,000 items are a few MB of JSON instead of 30. Preview,
 * Edit, Copy and Download fetch the item (GET …/content/{contentId}). Browser-safe: the server stores the
 * derived part with the item on every write, and the browser derives it from an item an edit answers with.
 */

/** The card's excerpt of the text stops here, then an ellipsis (as the client cards' previews, 000 §2). */
export const CONTENT_PREVIEW_LENGTH = 200;
/** The images a card may show of an item. */
export const MAX_THUMBNAILS = 4;

/** What the server derives from an item's text, HTML and metadata and stores with it. */
export interface StoredContentSummary {
  preview: string;
  wordCount: number;
  /** Media paths (`/api/media/…`) of the item's images, as its metadata lists them or its HTML shows them. */
  thumbnails: string[];
  /** The WordPress post the item is linked to (001 §4), when it is. */
  wordpress: WordPressLink | null;
}

/** Every field of an item but its documents (text, HTML, metadata), plus what a card shows of them. */
export type ContentSummary = Omit<ClientContent, 'content' | 'html_content' | 'metadata'> & {
  preview: string;
  word_count: number;
  thumbnails: string[];
  wordpress: WordPressLink | null;
};

/** One page of the list; `next_cursor` is null on the last page. */
export interface ContentSummaryPage {
  content: ContentSummary[];
  next_cursor: string | null;
}

/** An item's plain text: its stored text, or the text of its HTML when none was stored. */
export function plainTextOf(item: {
  content?: string | undefined;
  html_content?: string | undefined;
}): string {
  const content = item.content ?? '';
  return content.trim() !== '' ? content : htmlToText(item.html_content ?? '');
}

/** The excerpt a card shows: whitespace runs made single spaces, cut at 200 characters with an ellipsis. */
export function contentPreview(text: string, max: number = CONTENT_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}...` : flat;
}

const IMAGE_FILE = /\.(png|jpeg|webp)$/u;

/** The item's images: those its metadata lists (`images[].url`, 001 §3), then those its HTML shows. */
function thumbnailsOf(html: string, metadata: Record<string, unknown>): string[] {
  const listed = Array.isArray(metadata.images)
    ? metadata.images.map((image: unknown) =>
        typeof image === 'object' && image !== null && 'url' in image && typeof image.url === 'string'
          ? image.url
          : '',
      )
    : [];
  const paths = mediaLocationsIn(`${listed.join(' ')} ${html}`)
    .filter((location) => IMAGE_FILE.test(location.fileName))
    .map(mediaPath);
  return [...new Set(paths)].slice(0, MAX_THUMBNAILS);
}

export function storedSummaryOf(item: {
  content?: string | undefined;
  html_content?: string | undefined;
  metadata?: unknown;
}): StoredContentSummary {
  const text = plainTextOf(item);
  const metadata =
    typeof item.metadata === 'object' && item.metadata !== null && !Array.isArray(item.metadata)
      ? (item.metadata as Record<string, unknown>)
      : {};
  return {
    preview: contentPreview(text),
    wordCount: countWords(text),
    thumbnails: thumbnailsOf(item.html_content ?? '', metadata),
    wordpress: wordpressLinkOf(metadata),
  };
}

/** The summary of a whole item, with its stored part (or one derived from the item when it has none). */
export function toContentSummary(
  item: ClientContent,
  stored: StoredContentSummary = storedSummaryOf(item),
): ContentSummary {
  const { content: _text, html_content: _html, metadata: _metadata, ...fields } = item;
  return {
    ...fields,
    preview: stored.preview,
    word_count: stored.wordCount,
    thumbnails: stored.thumbnails,
    wordpress: stored.wordpress,
  };
}
