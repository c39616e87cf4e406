import type { ContentApproval } from './approvals';
import type { ContentStatus } from './content-status';
import { storableJsonObject } from './validation/storable-json';
import * as z from './validation/zod';

/** Content types seen in the spec (000 §3). `client_content` is shown as 'Multi-Platform Creator'. */
export const CONTENT_TYPES = [
  'newsletter',
  'press_release',
  'press-release',
  'blog',
  'blog-content',
  'faq',
  'howto',
  'image',
  'client_content',
] as const;

export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * Type labels as people write them: 'Press Release', 'FAQ', 'How To'. The spec's one
 * renaming stays: `client_content` is the 'Multi-Platform Creator'.
 */
const TYPE_LABELS: Readonly<Partial<Record<string, string>>> = {
  client_content: 'Multi-Platform Creator',
  faq: 'FAQ',
  howto: 'How To',
};

const ACRONYMS: ReadonlySet<string> = new Set(['faq', 'seo', 'gbp', 'html', 'ai']);

/** A content type for people: 'press_release' and 'press-release' read 'Press Release'. */
export function contentTypeLabel(type: string): string {
  const known = TYPE_LABELS[type];
  if (known) return known;
  return type
    .split(/[_\s-]+/u)
    .filter((word) => word !== '')
    .map((word) =>
      ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

export type ContentTypeBadgeColour = 'blue' | 'green' | 'purple' | 'orange';

/** Badge colours of spec 001 §9; types without one use the neutral badge. */
export const CONTENT_TYPE_BADGE_COLOURS: Readonly<Partial<Record<string, ContentTypeBadgeColour>>> = {
  blog: 'blue',
  newsletter: 'green',
  press_release: 'purple',
  client_content: 'orange',
};

/** The hyphenated spellings older saves used (000 §3), and the type each is another spelling of. */
const OLDER_SPELLINGS: Readonly<Partial<Record<string, ContentType>>> = {
  'blog-content': 'blog',
  'press-release': 'press_release',
};

/** A type's badge colour, older spellings included; null for the neutral badge. */
export function contentTypeBadgeColour(type: string): ContentTypeBadgeColour | null {
  return CONTENT_TYPE_BADGE_COLOURS[OLDER_SPELLINGS[type] ?? type] ?? null;
}

/** One item of a client's library, as the API returns it. */
export interface ClientContent {
  id: string;
  client_id: string;
  title: string;
  content: string;
  html_content: string;
  content_type: string;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** Review status (shared/content-status.ts); 'draft' for items stored before statuses existed. */
  status: ContentStatus;
  /** A calendar date (`2026-11-30`) the item is due by, when one was given. */
  dueDate?: string;
  /** The item's current version (GET …/versions), once it has one. */
  versionId?: string;
  /** The version a reviewer approved, when one did. */
  approvedVersionId?: string;
  /** Every approval decision, oldest first, each with its step and version (shared/approvals.ts). */
  approvals: ContentApproval[];
  /** When a publish carried an approval to the words that went out: the version it was given on. */
  approvalsFromVersionId?: string;
  /** When WordPress publishes (or published) the linked post, for a scheduled or published item. */
  publishDate?: string;
}

const MAX_TITLE = 300;
const MAX_BODY = 1_000_000;

/** Body of POST /api/clients/{clientId}/content (the tools' saves). */
export const createContentSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'title is required'), z.maxLength(MAX_TITLE)),
  content: z._default(z.string().check(z.maxLength(MAX_BODY)), ''),
  html_content: z._default(z.string().check(z.maxLength(MAX_BODY)), ''),
  content_type: z.enum(CONTENT_TYPES),
  metadata: z._default(storableJsonObject(), {}),
});

/** Body of PUT /api/clients/{clientId}/content/{contentId} (the library's Edit dialog). */
export const updateContentSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'title is required'), z.maxLength(MAX_TITLE)),
  content: z.string().check(z.maxLength(MAX_BODY)),
  html_content: z.string().check(z.maxLength(MAX_BODY)),
  metadata: z.optional(storableJsonObject()),
  /**
   * For an item under review: true keeps the open review on the new version (the reviewer sees the change);
   * absent or false takes the item back to Draft
   * (docs/decisions.md, "Versions, review and approval, and the content calendar").
   */
  updateOpenReview: z.optional(z.boolean()),
});

export type CreateContentInput = z.input<typeof createContentSchema>;
export type UpdateContentInput = z.input<typeof updateContentSchema>;
