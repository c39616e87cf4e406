import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STEPS_SETTINGS,
  type ApprovalSubject,
  approvalStepsMessage,
  approvalStepsOf,
  type ContentApproval,
  missingSteps,
  publishingRefusal,
  requiredSteps,
  standingDecision,
} from './approvals';

const LEGACY_MESSAGE = 'This content needs approval before it can be published.';

function decision(
  step: ContentApproval['step'],
  decision: ContentApproval['decision'],
  versionId: string,
  at: string,
): ContentApproval {
  return { step, decidedBy: `${step}@example.com`, decision, versionId, at };
}

const internalOk = decision('internal', 'approve', 'v2', '2026-11-02T10:00:00.000Z');
const clientOk = decision('client', 'approve', 'v2', '2026-11-02T11:00:00.000Z');

describe('approval steps', () => {
  it('names the steps of each setting, and reads an unknown or absent one as none', () => {
    expect(APPROVAL_STEPS_SETTINGS.map((setting) => [setting, requiredSteps(setting)])).toEqual([
      ['none', []],
      ['internal', ['internal']],
      ['client', ['client']],
      ['internal_then_client', ['internal', 'client']],
    ]);
    expect(approvalStepsOf(undefined)).toBe('none');
    expect(approvalStepsOf('everyone')).toBe('none');
    expect(approvalStepsOf('client')).toBe('client');
  });

  it('counts only decisions on the current version, the latest of each step deciding', () => {
    const older = decision('client', 'approve', 'v1', '2026-11-01T09:00:00.000Z');
    expect(missingSteps('client', { versionId: 'v2', approvals: [older] })).toEqual(['client']);
    const changes = decision('client', 'request_changes', 'v2', '2026-11-02T12:00:00.000Z');
    const item: ApprovalSubject = { versionId: 'v2', approvals: [clientOk, changes] };
    expect(standingDecision(item, 'client')).toBe(changes);
    expect(missingSteps('client', item)).toEqual(['client']);
    const again = decision('client', 'approve', 'v2', '2026-11-02T13:00:00.000Z');
    expect(missingSteps('client', { versionId: 'v2', approvals: [clientOk, changes, again] })).toEqual([]);
    expect(missingSteps('client', { approvals: [clientOk] })).toEqual(['client']);
  });

  it('does not let one step stand for another: an internal approval never completes the client step', () => {
    const item = { versionId: 'v2', approvals: [internalOk] };
    expect(missingSteps('internal', item)).toEqual([]);
    expect(missingSteps('client', item)).toEqual(['client']);
    expect(missingSteps('internal_then_client', item)).toEqual(['client']);
    expect(missingSteps('internal_then_client', { versionId: 'v2', approvals: [clientOk] })).toEqual([
      'internal',
    ]);
    expect(
      missingSteps('internal_then_client', { versionId: 'v2', approvals: [internalOk, clientOk] }),
    ).toEqual([]);
  });

  it('lets the decisions of the version a publish carried them from stand for the published words', () => {
    const onV1 = decision('client', 'approve', 'v1', '2026-11-01T09:00:00.000Z');
    expect(
      missingSteps('client', { versionId: 'v3', approvals: [onV1], approvalsFromVersionId: 'v1' }),
    ).toEqual([]);
  });

  it('names every missing step in the 409 message', () => {
    expect(approvalStepsMessage(['client'])).toBe(
      "This content needs the client's approval before it can be published.",
    );
    expect(approvalStepsMessage(['internal', 'client'])).toBe(
      "This content needs internal approval and the client's approval before it can be published.",
    );
  });

  it('keeps the older rule exactly when the steps are none', () => {
    const rules = { approvalSteps: 'none', requireApproval: false } as const;
    const inReview = { status: 'in_review', versionId: 'v2', approvals: [internalOk, clientOk] } as const;
    expect(publishingRefusal(rules, inReview)).toBeNull();
    expect(publishingRefusal({ ...rules, requireApproval: true }, inReview)).toEqual({
      code: 'approval_required',
      message: LEGACY_MESSAGE,
      missing: [],
    });
    const approved = { status: 'approved', versionId: 'v2', approvedVersionId: 'v2' } as const;
    expect(publishingRefusal({ ...rules, requireApproval: true }, approved)).toBeNull();
    expect(
      publishingRefusal({ ...rules, requireApproval: true }, { ...approved, versionId: 'v3' }),
    ).not.toBeNull();
  });

  it('with steps, asks for each of them whatever the older setting and the status say', () => {
    for (const requireApproval of [false, true]) {
      const rules = { approvalSteps: 'internal_then_client', requireApproval } as const;
      const approved = { status: 'approved', versionId: 'v2', approvedVersionId: 'v2' } as const;
      expect(publishingRefusal(rules, { ...approved, approvals: [internalOk] })).toEqual({
        code: 'approval_required',
        message: "This content needs the client's approval before it can be published.",
        missing: ['client'],
      });
      expect(
        publishingRefusal(rules, { status: 'draft', versionId: 'v2', approvals: [internalOk, clientOk] }),
      ).toBeNull();
    }
  });
});
