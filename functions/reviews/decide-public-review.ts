import { assertStepOrder } from '#functions/approvals/approval-record';
import { approvalStepsOf } from '#shared/approvals';
import { reviewDecisionSchema } from '#shared/reviews';
import { toPublicComment } from './public-comment';
import { publicReviewHandler } from './public-review-handler';
import { decide } from './review-service';

/**
 * POST /api/reviews/{token}/decision `{decision, versionId, comment?}` (no credentials): Approve, or
 * Request changes with a comment, on the version the page showed. 409 when the item is no longer waiting
 * for a decision on it (the editor changed it since, or it was published), `stale_version` when
 * `versionId` is not the version the link now shows (the editor updated the open review meanwhile), and,
 * with the client's approval steps `internal_then_client`, when the client approves before a colleague
 * did (docs/decisions.md 'Approval steps').
 */
export const handler = publicReviewHandler({
  body: reviewDecisionSchema,
  handle: async ({ review, content, client, body, userAgent }) => {
    const reviewer = { kind: 'reviewer', review } as const;
    assertStepOrder(approvalStepsOf(client.approvalSteps), reviewer, content, body.decision);
    const decided = await decide(reviewer, { client, userAgent }, content, body);
    // The reviewer learns the new status and their decision, not the item's other fields.
    return { status: decided.content.status, comment: toPublicComment(decided.comment, null) };
  },
});
