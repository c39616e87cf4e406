import type { ClientRecord } from '#functions/clients/client-record';
import type { Caller } from '#functions/commons/caller';
import { ConflictError, ForbiddenError } from '#functions/commons/errors';
import { type ContentRecord, toClientContent } from '#functions/content/content-record';
import {
  type ApprovalStep,
  approvalStepsOf,
  type PublishingRules,
  publishingRefusal,
} from '#shared/approvals';

/**
 * The one publishing gate (docs/decisions.md 'Approval steps'), for WordPress and every other channel:
 * the client's approval rule as shared/approvals.ts `publishingRefusal` states it. A refused publish or
 * schedule is a 409 naming what is missing, unless an administrator overrides it; the override (with the
 * steps it lacked; none for the older rule) is returned for the activity, null when nothing was overridden.
 */

export const OVERRIDE_ADMINS_ONLY = 'Only an administrator can publish content that is not approved.';

/** An administrator's publish past the rule: the steps it lacked (none for the older rule). */
export interface ApprovalOverride {
  readonly steps: readonly ApprovalStep[];
}

export function publishingRulesOf(
  client: Pick<ClientRecord, 'requireApproval' | 'approvalSteps'>,
): PublishingRules {
  return {
    requireApproval: client.requireApproval === true,
    approvalSteps: approvalStepsOf(client.approvalSteps),
  };
}

export function passPublishingGate(
  caller: Pick<Caller, 'isAdmin'>,
  rules: PublishingRules,
  content: ContentRecord,
  overrideApproval: boolean | undefined,
): ApprovalOverride | null {
  if (overrideApproval === true && !caller.isAdmin) throw new ForbiddenError(OVERRIDE_ADMINS_ONLY);
  const refusal = publishingRefusal(rules, toClientContent(content));
  if (refusal === null) return null;
  if (overrideApproval === true) return { steps: refusal.missing };
  throw new ConflictError(refusal.message, refusal.code);
}

/** The activity's and the publication's record of an override. */
export function overrideDetails(override: ApprovalOverride | null): Record<string, unknown> {
  if (!override) return {};
  return {
    approval_overridden: true,
    ...(override.steps.length > 0 ? { overridden_steps: [...override.steps] } : {}),
  };
}
