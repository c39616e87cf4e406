import { ulid } from 'ulid';
import type { z } from 'zod';
import { CLIENT_NOT_FOUND } from '#functions/clients/client-access';
import { isResourceId } from '#functions/clients/resource-id';
import { NotFoundError } from '#functions/commons/errors';
import { sanitizeHtml } from '#functions/commons/sanitize-html';
import type { ClientContent, ContentType, updateContentSchema } from '#shared/content';
import { DEFAULT_CONTENT_STATUS } from '#shared/content-status';
import { assertStorable, type ContentRecord, toClientContent } from './content-record';
import type { StoredContent } from './content-snapshot';
import {
  type ChangedContent,
  changeContent,
  insertContentOnce,
  statusAfterNewVersion,
} from './content-store';
import { changedFields, putVersion, type VersionAuthor } from './content-versions';

/**
 * The writes that bring HTML into the library from outside: a generation's result, a Save through the
 * API, the Edit dialog. Each sanitizes it (functions/commons/sanitize-html.ts) before it is stored; the
 * rest of the library's writes (content-store.ts) move HTML that is stored already, so the functions
 * that only read, restore or link content do not carry the sanitizer.
 */

export interface SaveContentInput {
  contentId: string;
  clientId: string;
  createdBy: string;
  /** The saver's e-mail, the author of the item's first version. */
  createdByEmail?: string | undefined;
  title: string;
  content: string;
  html_content: string;
  content_type: ContentType;
  metadata: Record<string, unknown>;
}

/**
 * Saves generated content exactly once per `contentId` (a ULID): a redelivered job finds the item it
 * saved before and gets `created: false`; the client's count moves only when the item was created. The
 * item's first version goes first and has the item's own id, so a redelivery writes it once too.
 */
export async function saveContentOnce(
  input: SaveContentInput,
): Promise<{ created: boolean; content: ClientContent }> {
  if (!isResourceId(input.contentId)) throw new Error(`contentId must be a ULID, got '${input.contentId}'`);
  if (!isResourceId(input.clientId)) throw new NotFoundError(CLIENT_NOT_FOUND);
  const now = new Date().toISOString();
  const words = {
    title: input.title,
    content: input.content,
    html_content: sanitizeHtml(input.html_content),
  };
  const item: StoredContent = {
    clientId: input.clientId,
    contentId: input.contentId,
    ...words,
    content_type: input.content_type,
    metadata: input.metadata,
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
    status: DEFAULT_CONTENT_STATUS,
    currentVersionId: input.contentId,
  };
  assertStorable(item);
  await putVersion({
    clientId: input.clientId,
    contentId: input.contentId,
    versionId: input.contentId,
    words,
    source: 'created',
    author: { userId: input.createdBy, email: input.createdByEmail },
    changed: changedFields(null, words),
    createdAt: now,
  });
  const { created, record } = await insertContentOnce(item);
  return { created, content: toClientContent(record) };
}

/** A save through the API (the tools' Save buttons): a new id, then the same path as generation. */
export async function createContent(input: Omit<SaveContentInput, 'contentId'>): Promise<ClientContent> {
  const { content } = await saveContentOnce({ ...input, contentId: ulid() });
  return content;
}

/** The library's Edit dialog (PUT): the words as sent, the HTML sanitized; a new version when they differ. */
export async function updateContent(
  record: ContentRecord,
  input: z.output<typeof updateContentSchema>,
  author: VersionAuthor,
): Promise<ChangedContent> {
  const html = sanitizeHtml(input.html_content);
  return changeContent(
    record,
    (current, newVersionId) => ({
      title: input.title,
      content: input.content,
      html_content: html,
      // A stored item's metadata is always an object (it is validated before every write).
      metadata: input.metadata ?? toClientContent(current).metadata,
      ...(newVersionId === null
        ? {}
        : { status: statusAfterNewVersion(current, input.updateOpenReview === true) }),
    }),
    { author, source: 'edit' },
  );
}
