import { describe, expect, it } from 'vitest';
import type { HttpError } from '#functions/commons/errors';
import {
  assertStorable,
  type ContentRecord,
  MAX_CONTENT_ITEM_BYTES,
  nextTimestamp,
  toClientContent,
} from './content-record';
import { contentRecordSchema } from './content-snapshot';

const record = {
  clientId: '01J0000000000000000000000A',
  contentId: '01J0000000000000000000000B',
  title: 'Spring newsletter',
  content: 'Hello',
  html_content: '<p>Hello</p>',
  content_type: 'newsletter',
  metadata: { model: 'gpt-4o' },
  createdBy: 'u',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
} as ContentRecord;

describe('toClientContent', () => {
  it('maps the stored item to the spec shape', () => {
    expect(toClientContent(record)).toEqual({
      id: record.contentId,
      client_id: record.clientId,
      title: 'Spring newsletter',
      content: 'Hello',
      html_content: '<p>Hello</p>',
      content_type: 'newsletter',
      metadata: { model: 'gpt-4o' },
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      // Stored before statuses existed: a draft
      // (docs/decisions.md, "Versions, review and approval, and the content calendar").
      status: 'draft',
      // Stored before approval steps: no decisions.
      approvals: [],
    });
  });

  it('carries the approvals, `override` only when set, and the carried version only while current', () => {
    const decided = {
      step: 'client',
      decidedBy: 'owner@bakery.example',
      decision: 'approve',
      versionId: 'v1',
      at: '2026-11-02T10:00:00.000Z',
    } as const;
    const reply = toClientContent({
      ...record,
      currentVersionId: 'v2',
      approvals: [
        { ...decided, override: false },
        { ...decided, step: 'internal', override: true },
      ],
      approvalsCarried: { from: 'v1', to: 'v2' },
    });
    expect(reply.approvals).toEqual([decided, { ...decided, step: 'internal', override: true }]);
    expect(reply.approvalsFromVersionId).toBe('v1');
    const edited = toClientContent({
      ...record,
      currentVersionId: 'v3',
      approvalsCarried: { from: 'v1', to: 'v2' },
    });
    expect(edited).not.toHaveProperty('approvalsFromVersionId');
  });

  it('carries the status, the due date and the versions when stored', () => {
    expect(
      toClientContent({
        ...record,
        status: 'approved',
        dueDate: '2026-12-01',
        currentVersionId: '01J0000000000000000000000V',
        approvedVersionId: '01J0000000000000000000000V',
        publishDate: '2026-12-02T09:00:00.000Z',
      }),
    ).toMatchObject({
      status: 'approved',
      dueDate: '2026-12-01',
      versionId: '01J0000000000000000000000V',
      approvedVersionId: '01J0000000000000000000000V',
      publishDate: '2026-12-02T09:00:00.000Z',
    });
    expect(toClientContent({ ...record, status: 'nonsense' }).status).toBe('draft');
  });

  it('answers an object for metadata whatever was stored', () => {
    expect(toClientContent({ ...record, metadata: ['x'] }).metadata).toEqual({});
    expect(toClientContent({ ...record, metadata: undefined }).metadata).toEqual({});
  });
});

describe('nextTimestamp', () => {
  it('is now when now is later', () => {
    expect(nextTimestamp('2025-01-01T00:00:00.000Z', new Date('2025-01-01T00:00:01.000Z'))).toBe(
      '2025-01-01T00:00:01.000Z',
    );
  });

  it('moves one millisecond past the previous value when the clock has not', () => {
    expect(nextTimestamp('2025-01-01T00:00:00.000Z', new Date('2025-01-01T00:00:00.000Z'))).toBe(
      '2025-01-01T00:00:00.001Z',
    );
    expect(nextTimestamp('2025-01-01T00:00:05.000Z', new Date('2025-01-01T00:00:00.000Z'))).toBe(
      '2025-01-01T00:00:05.001Z',
    );
  });
});

describe('assertStorable', () => {
  const stored = contentRecordSchema.parse(record);

  it('lets an ordinary item through', () => {
    expect(() => assertStorable(stored)).not.toThrow();
  });

  it('refuses an item DynamoDB would reject, with a 413', () => {
    try {
      assertStorable({ ...stored, html_content: 'x'.repeat(MAX_CONTENT_ITEM_BYTES) });
      expect.unreachable();
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(413);
      expect((error as HttpError).message).toMatch(/too large to save/);
    }
  });

  it('counts bytes, not characters', () => {
    expect(() => assertStorable({ ...stored, content: 'é'.repeat(MAX_CONTENT_ITEM_BYTES / 2) })).toThrow(
      /too large/,
    );
  });
});
