import { APPROVAL_STEPS, APPROVAL_STEPS_SETTINGS } from './approvals';
import { REVIEW_DECISIONS } from './content-status';
import * as z from './validation/zod';

/**
 * The schemas of who approves (docs/decisions.md 'Approval steps'), apart from shared/approvals.ts so that the
 * browser's screens that only label and check approvals do not build them.
 */

export const contentApprovalSchema = z
  .object({
    step: z.enum(APPROVAL_STEPS),
    decidedBy: z.string(),
    decision: z.enum(REVIEW_DECISIONS),
    versionId: z.string(),
    at: z.string(),
    override: z.optional(z.literal(true)),
  })
  .check(
    z.meta({
      description:
        'An approval decision on a library item: `step` `internal` (a colleague, in the app) or `client` (through a review link only), who decided (`decidedBy`), `approve` or `request_changes`, the version it was made on and when. `override: true` marks a step an administrator completed in its place.',
    }),
  );

/** Body of POST …/content/{contentId}/approvals/override (administrators). */
export const approvalOverrideSchema = z.object({
  step: z.enum(APPROVAL_STEPS, { error: `must be one of ${APPROVAL_STEPS.join(', ')}` }),
});
export type ApprovalOverrideInput = z.input<typeof approvalOverrideSchema>;

/** GET …/content/{contentId}/approvals: where an item stands against its client's rules. */
export const contentApprovalStateSchema = z.object({
  contentId: z.string(),
  versionId: z
    .nullable(z.string())
    .check(z.meta({ description: 'The item’s current version; null for an item never versioned.' })),
  approval_steps: z.enum(APPROVAL_STEPS_SETTINGS).check(z.meta({ description: 'The client’s setting.' })),
  require_approval: z.boolean().check(
    z.meta({
      description: 'The client’s older setting, which decides alone when `approval_steps` is `none`.',
    }),
  ),
  publishable: z
    .boolean()
    .check(z.meta({ description: 'Whether a publish or schedule would pass the approval rule now.' })),
  missingSteps: z.array(z.enum(APPROVAL_STEPS)).check(
    z.meta({
      description:
        'The steps of `approval_steps` that do not stand approved on `versionId` (a step stands when its latest decision there is `approve`).',
    }),
  ),
  approvals: z.array(contentApprovalSchema).check(
    z.meta({
      description: 'Every decision on the item, oldest first (the app’s item replies carry the same).',
    }),
  ),
});

export type ContentApprovalState = z.output<typeof contentApprovalStateSchema>;
