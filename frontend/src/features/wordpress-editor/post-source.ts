import type { ClientContent } from '#shared/content';
import { htmlToText } from '#shared/text';
import {
  DEFAULT_WORDPRESS_STATUS,
  WORDPRESS_POST_STATUSES,
  type WordPressLink,
  type WordPressLivePost,
  type WordPressPostStatus,
} from '#shared/wordpress';

/**
 * Where an edit of a published post starts: from the post as WordPress keeps it now,
 * or from the library's copy when the user prefers it. Pure, so the rules are unit-tested.
 */

export type PostSource = 'wordpress' | 'library';

export interface StartingPost {
  readonly title: string;
  readonly html: string;
  readonly status: WordPressPostStatus;
  /** ISO date in UTC of a scheduled post. */
  readonly date: string | null;
  readonly categoryId: number | null;
}

const collapse = (text: string) => text.replace(/\s+/gu, ' ').trim();

const imagesOf = (html: string) =>
  [...html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']*)["']/giu)].map((match) => match[1] ?? '');

/**
 * Whether the post was changed on the site since it was last published from here: its title, its text or
 * its images differ from the library's copy. Markup alone (WordPress's block comments, attribute order)
 * does not count: the reader would see no difference.
 */
export function differsFromLibrary(live: WordPressLivePost, content: ClientContent): boolean {
  if (collapse(live.title) !== collapse(content.title)) return true;
  if (collapse(htmlToText(live.content)) !== collapse(htmlToText(content.html_content))) return true;
  return imagesOf(live.content).join('\n') !== imagesOf(content.html_content).join('\n');
}

function knownStatus(status: string | null | undefined): WordPressPostStatus | null {
  return WORDPRESS_POST_STATUSES.find((value) => value === status) ?? null;
}

/**
 * The editor's first values. Status, date and category are the post's own whichever text is chosen (they
 * are not part of the text the user compares); without a live post, the library's record of them.
 */
export function startingPost(
  source: PostSource,
  content: ClientContent,
  link: WordPressLink | null,
  live: WordPressLivePost | null,
): StartingPost {
  const fromSite = source === 'wordpress' && live !== null;
  return {
    title: fromSite ? live.title : content.title,
    html: fromSite ? live.content : content.html_content,
    status: knownStatus(live?.status) ?? link?.status ?? DEFAULT_WORDPRESS_STATUS,
    date: live ? live.date : (link?.date ?? null),
    categoryId: (live ? live.categories[0] : link?.categories[0]) ?? null,
  };
}
