import { recordActivity } from '#functions/activities/activity-log';
import { BadRequestError, ForbiddenError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { approvalsFromVersionOf, approvalsOf } from '#functions/content/content-record';
import { changeContent } from '#functions/content/content-store';
import { approvalOverrideSchema } from '#shared/approval-schemas';
import {
  APPROVAL_OVERRIDE_MESSAGES,
  approvalStepsOf,
  isStepApproved,
  missingSteps,
  requiredSteps,
} from '#shared/approvals';
import { isDecidable, nextStatus, statusOf } from '#shared/content-status';
import { withApproval } from './approval-record';
import { approvalStateOf } from './approval-state';

/**
 * POST /api/clients/{clientId}/content/{contentId}/approvals/override `{step}` → the item's approval
 * state (docs/decisions.md 'Approval steps'; also in the public API): an administrator completes a step of the client's approval steps in its place, on the item's
 * current version. Recorded as an approval with `override: true` (the item's panel and library badge say
 * so) and as the `approval_overridden` activity. A caller who cannot see the client gets 404; one who can
 * but is not an administrator 403, before the body is read.
 */
export const handler = httpHandler({
  access: async ({ caller, params }) => {
    const authorized = await authorizeContent(caller, params.clientId ?? '', params.contentId ?? '');
    if (!caller.isAdmin) throw new ForbiddenError(APPROVAL_OVERRIDE_MESSAGES.adminsOnly);
    return authorized;
  },
  body: approvalOverrideSchema,
  handle: async ({ caller, access: { record: client, content }, body, userAgent }) => {
    const setting = approvalStepsOf(client.approvalSteps);
    if (!requiredSteps(setting).includes(body.step)) {
      throw new BadRequestError(
        APPROVAL_OVERRIDE_MESSAGES.notRequired(setting, body.step),
        'validation_failed',
      );
    }
    // A step already standing approved stays as it is: the same answer, nothing recorded twice.
    const standing = {
      versionId: content.currentVersionId ?? content.contentId,
      approvals: approvalsOf(content),
      approvalsFromVersionId: approvalsFromVersionOf(content),
    };
    if (isStepApproved(standing, body.step)) return approvalStateOf(client, content);
    let versionId = '';
    // A version to hold the decision: an item from before versions gets its words recorded first.
    const { record } = await changeContent(
      content,
      (current) => {
        versionId = current.currentVersionId ?? current.contentId;
        const subject = {
          versionId,
          approvals: approvalsOf(current),
          approvalsFromVersionId: approvalsFromVersionOf(current),
        };
        const added = withApproval(current, {
          step: body.step,
          decidedBy: caller.email,
          decision: 'approve',
          versionId,
          at: new Date().toISOString(),
          override: true,
        });
        // When it completes the steps, an item waiting for a decision is Approved, as a reviewer's would be.
        const status = statusOf(current.status);
        const complete = missingSteps(setting, { ...subject, ...added }).length === 0;
        const approves = complete && isDecidable(status);
        return {
          title: current.title,
          content: current.content ?? '',
          html_content: current.html_content ?? '',
          ...added,
          ...(approves
            ? {
                // An admin's override approves whatever the reviewers' decisions say (docs/decisions.md).
                status: nextStatus(status, { type: 'decided', outcome: 'approved' }) ?? status,
                approvedVersionId: versionId,
              }
            : {}),
        };
      },
      { author: { userId: caller.userId, email: caller.email }, source: 'edit', ensureVersion: true },
    );
    await recordActivity(caller, {
      action: 'approval_overridden',
      resourceType: 'client_content',
      resourceId: record.contentId,
      details: {
        client_id: client.clientId,
        client_name: client.name,
        content_id: record.contentId,
        title: record.title,
        step: body.step,
        version_id: versionId,
      },
      userAgent,
    });
    return approvalStateOf(client, record);
  },
});
