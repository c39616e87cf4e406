import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { toClientContent } from '#functions/content/content-record';
import type { ContentApprovalState } from '#shared/approval-schemas';
import { approvalStepsOf, missingSteps, publishingRefusal } from '#shared/approvals';

/**
 * GET /api/clients/{clientId}/content/{contentId}/approvals → the item's approval state
 * (docs/decisions.md 'Approval steps'): the client's rules, what is missing on the current version and
 * whether publishing would pass, asked of the same rule the publishing gates ask (shared/approvals.ts).
 * Anyone who sees the client.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  handle: async ({ access: { record: client, content } }): Promise<ContentApprovalState> => {
    const item = toClientContent(content);
    const rules = {
      approvalSteps: approvalStepsOf(client.approvalSteps),
      requireApproval: client.requireApproval === true,
    };
    const refusal = publishingRefusal(rules, item);
    return {
      contentId: item.id,
      versionId: item.versionId ?? null,
      approval_steps: rules.approvalSteps,
      require_approval: rules.requireApproval,
      publishable: refusal === null,
      missingSteps: missingSteps(rules.approvalSteps, item),
      approvals: item.approvals,
    };
  },
});
