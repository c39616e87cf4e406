/**
 * Version history of a library item
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"): the API's shapes and the
 * word-level comparison the History dialog shows. Every change of an item's title, text or HTML is a version
 * of its own.
 */

/** What made a version. */
export const VERSION_SOURCES = ['created', 'edit', 'restore', 'wordpress', 'original'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

export const VERSION_SOURCE_LABELS: Readonly<Record<VersionSource, string>> = {
  created: 'Saved',
  edit: 'Edited',
  restore: 'Restored',
  wordpress: 'Published to WordPress',
  // The item as it was when history began: written before its first tracked change.
  original: 'Before history',
};

export const VERSION_FIELDS = ['title', 'text', 'html'] as const;
export type VersionField = (typeof VERSION_FIELDS)[number];

/** One row of GET …/versions. `author` is the e-mail of whoever made it; null when not known. */
export interface ContentVersionSummary {
  versionId: string;
  title: string;
  createdAt: string;
  author: string | null;
  wordCount: number;
  source: VersionSource;
  /** The fields that differ from the version before (all three for the first). */
  changed: VersionField[];
  /** The version this one replaced, absent for the first. */
  previousVersionId?: string;
  /** Set on the version that restored another. */
  restoredFrom?: string;
}

/** GET …/versions/{versionId}: the whole version. */
export interface ContentVersion extends ContentVersionSummary {
  content: string;
  html_content: string;
}

export interface ContentVersionPage {
  items: ContentVersionSummary[];
  next_cursor: string | null;
}

export const VERSION_PAGE_DEFAULT = 50;
export const VERSION_PAGE_MAX = 200;
