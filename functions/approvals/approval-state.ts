import type { ClientRecord } from '#functions/clients/client-record';
import { type ContentRecord, toClientContent } from '#functions/content/content-record';
import type { ContentApprovalState } from '#shared/approval-schemas';
import { approvalStepsOf, missingSteps, publishingRefusal } from '#shared/approvals';

/**
 * Where an item stands against its client's rules (docs/decisions.md 'Approval steps'): the two
 * settings, what is missing on the current version and whether publishing would pass, asked of the
 * same rule the publishing gates ask (shared/approvals.ts). The override answers with it.
 */
export function approvalStateOf(
  client: Pick<ClientRecord, 'approvalSteps' | 'requireApproval'>,
  content: ContentRecord,
): ContentApprovalState {
  const item = toClientContent(content);
  const rules = {
    approvalSteps: approvalStepsOf(client.approvalSteps),
    requireApproval: client.requireApproval === true,
  };
  return {
    contentId: item.id,
    versionId: item.versionId ?? null,
    approval_steps: rules.approvalSteps,
    require_approval: rules.requireApproval,
    publishable: publishingRefusal(rules, item) === null,
    missingSteps: missingSteps(rules.approvalSteps, item),
    approvals: item.approvals,
  };
}
