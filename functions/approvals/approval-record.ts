import type { Caller } from '#functions/commons/caller';
import { readEnv } from '#functions/commons/env';
import { ConflictError } from '#functions/commons/errors';
import { approvalsFromVersionOf, approvalsOf, type ContentRecord } from '#functions/content/content-record';
import type { ReviewRecord } from '#functions/reviews/review-store';
import {
  type ApprovalStep,
  type ApprovalStepsSetting,
  type ContentApproval,
  INTERNAL_FIRST_MESSAGE,
  isStepApproved,
} from '#shared/approvals';
import type { ReviewDecision } from '#shared/content-status';
import { isAllowedEmail } from '#shared/email-domain';

/**
 * The record of who approved (docs/decisions.md 'Approval steps'): every decision made
 * through a review link or from the app's panel becomes one entry of the item's `approvals`, with its
 * step. A client step is completed only through a link, and only by a reviewer who is not the agency's:
 * a link sent to the sender's own address or to any address of the agency's domain is a colleague's,
 * so its decisions are internal ones.
 */

/** Who decided: a colleague in the app, or the reviewer holding a link (review-actor.ts). */
export type Decider =
  | { readonly kind: 'staff'; readonly caller: Pick<Caller, 'email'> }
  | {
      readonly kind: 'reviewer';
      readonly review: Pick<ReviewRecord, 'reviewerEmail' | 'reviewerName' | 'createdByEmail'>;
    };

/** Whether a link's reviewer is one of the agency's people: the sender, or an address of its domain. */
function isAgencyReviewer(review: Pick<ReviewRecord, 'reviewerEmail' | 'createdByEmail'>): boolean {
  const email = review.reviewerEmail?.toLowerCase();
  if (email === undefined) return false;
  if (email === review.createdByEmail?.toLowerCase()) return true;
  const domain = readEnv('allowedEmailDomain');
  return domain !== undefined && isAllowedEmail(email, domain);
}

/** The step a decision completes: the client's only through a link held by someone outside the agency. */
export function stepOf(decider: Decider): ApprovalStep {
  if (decider.kind === 'staff') return 'internal';
  return isAgencyReviewer(decider.review) ? 'internal' : 'client';
}

/** How the entry names who decided: the colleague's e-mail, or the link's reviewer as the activity does. */
function decidedByOf(decider: Decider): string {
  if (decider.kind === 'staff') return decider.caller.email;
  const { review } = decider;
  return review.reviewerEmail ?? `${review.reviewerName ?? 'Reviewer'} (review link)`;
}

/** The item's decisions with one more, oldest first. */
export function withApproval(
  current: Pick<ContentRecord, 'approvals'>,
  entry: ContentApproval,
): { approvals: ContentApproval[] } {
  return { approvals: [...approvalsOf(current), entry] };
}

/**
 * What a decision adds to the item (review-service.ts `decide`, inside its conditional update of the
 * status, so both land together or neither does): the entry of its step on the version decided.
 */
export function recordApproval(
  decider: Decider,
  current: Pick<ContentRecord, 'approvals'>,
  decision: ReviewDecision,
  versionId: string,
  at: Date = new Date(),
): { approvals: ContentApproval[] } {
  return withApproval(current, {
    step: stepOf(decider),
    decidedBy: decidedByOf(decider),
    decision,
    versionId,
    at: at.toISOString(),
  });
}

/**
 * With the steps `internal_then_client`, the client approves after the agency did: a link's approval of
 * a version no colleague has approved yet is refused (409), a request for changes never is.
 */
export function assertStepOrder(
  setting: ApprovalStepsSetting,
  decider: Decider,
  content: Pick<ContentRecord, 'approvals' | 'approvalsCarried' | 'currentVersionId' | 'contentId'>,
  decision: ReviewDecision,
): void {
  if (setting !== 'internal_then_client' || decision !== 'approve' || stepOf(decider) !== 'client') return;
  const subject = {
    versionId: content.currentVersionId ?? content.contentId,
    approvals: approvalsOf(content),
    approvalsFromVersionId: approvalsFromVersionOf(content),
  };
  if (!isStepApproved(subject, 'internal')) {
    throw new ConflictError(INTERNAL_FIRST_MESSAGE, 'internal_approval_first');
  }
}
