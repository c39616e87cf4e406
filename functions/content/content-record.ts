import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { PayloadTooLargeError } from '#functions/commons/errors';
import type { Entities } from '#functions/data/entities';
import { type ContentApproval, toContentApproval } from '#shared/approvals';
import type { ClientContent } from '#shared/content';
import { statusOf } from '#shared/content-status';
import type { StoredContent } from './content-snapshot';

/** A library item as stored. */
export type ContentRecord = FormattedItem<Entities['content']>;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The item's decisions as its replies carry them, oldest first (shared/approvals.ts). */
export function approvalsOf(record: Pick<ContentRecord, 'approvals'>): ContentApproval[] {
  const stored: unknown = record.approvals;
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry: unknown) => toContentApproval(entry) ?? []);
}

/** The version whose decisions stand for the current words, when a publish carried them (entities.ts). */
export function approvalsFromVersionOf(
  record: Pick<ContentRecord, 'approvalsCarried' | 'currentVersionId'>,
): string | undefined {
  const carried = record.approvalsCarried;
  return carried && carried.to === record.currentVersionId ? carried.from : undefined;
}

export function toClientContent(record: ContentRecord): ClientContent {
  const approvalsFromVersionId = approvalsFromVersionOf(record);
  return {
    id: record.contentId,
    client_id: record.clientId,
    title: record.title,
    content: record.content ?? '',
    html_content: record.html_content ?? '',
    content_type: record.content_type,
    metadata: isPlainObject(record.metadata) ? record.metadata : {},
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    status: statusOf(record.status),
    ...(record.dueDate ? { dueDate: record.dueDate } : {}),
    ...(record.currentVersionId ? { versionId: record.currentVersionId } : {}),
    ...(record.approvedVersionId ? { approvedVersionId: record.approvedVersionId } : {}),
    approvals: approvalsOf(record),
    ...(approvalsFromVersionId ? { approvalsFromVersionId } : {}),
    ...(record.publishDate ? { publishDate: record.publishDate } : {}),
  };
}

/**
 * DynamoDB refuses items over 400 KB, which the request limits alone allow; refusing early gives a clear
 * 413 instead of a failed write. The margin covers key attributes and DynamoDB's own size accounting.
 */
export const MAX_CONTENT_ITEM_BYTES = 380_000;

export function assertStorable(item: StoredContent): void {
  const bytes = Buffer.byteLength(JSON.stringify(item), 'utf8');
  if (bytes > MAX_CONTENT_ITEM_BYTES) {
    throw new PayloadTooLargeError(
      `This content is too large to save: ${Math.ceil(bytes / 1000)} KB, the limit is ${MAX_CONTENT_ITEM_BYTES / 1000} KB for the text, HTML and metadata together.`,
    );
  }
}

/** An update must show a later `updated_at` even when it lands in the same millisecond as the last one. */
export function nextTimestamp(previous: string, now: Date = new Date()): string {
  const current = now.toISOString();
  if (current > previous) return current;
  return new Date(Date.parse(previous) + 1).toISOString();
}
