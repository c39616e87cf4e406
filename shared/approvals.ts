import {
  APPROVAL_REQUIRED_MESSAGE,
  type ContentStatus,
  isApprovedForPublishing,
  REVIEW_DECISIONS,
  type ReviewDecision,
} from './content-status';

/**
 * Who approves (docs/decisions.md 'Approval steps'): a client's setting names the steps
 * publishing needs, and an item records every approval decision with its step. The rule that says what
 * is missing is here, pure, so every publishing gate (WordPress's publish, schedule and the calendar's
 * drag today; other channels later) asks the same function, and the browser can say the same.
 */

/** A client's `approval_steps` setting; `none` (the default) keeps 'Require approval before publishing'. */
export const APPROVAL_STEPS_SETTINGS = ['none', 'internal', 'client', 'internal_then_client'] as const;
export type ApprovalStepsSetting = (typeof APPROVAL_STEPS_SETTINGS)[number];
export const DEFAULT_APPROVAL_STEPS: ApprovalStepsSetting = 'none';

/** One step of an approval: a colleague's (internal), or the client's through a review link. */
export const APPROVAL_STEPS = ['internal', 'client'] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];

/** The client form's field (docs/decisions.md 'Approval steps'). */
export const APPROVAL_STEPS_FIELD = {
  label: 'Approval steps',
  hint: 'Who must approve an item before it is published or scheduled. A client step is completed only through a review link.',
  options: {
    none: 'None',
    internal: 'Internal (a colleague)',
    client: 'Client (through a review link)',
    internal_then_client: 'Internal, then client',
  },
} as const satisfies {
  label: string;
  hint: string;
  options: Readonly<Record<ApprovalStepsSetting, string>>;
};

/** How a step is named in messages, badges and the activity. */
export const APPROVAL_STEP_LABELS: Readonly<Record<ApprovalStep, string>> = {
  internal: 'internal approval',
  client: "the client's approval",
};

const REQUIRED_STEPS: Readonly<Record<ApprovalStepsSetting, readonly ApprovalStep[]>> = {
  none: [],
  internal: ['internal'],
  client: ['client'],
  internal_then_client: ['internal', 'client'],
};

/** The steps a setting names, in their order. */
export function requiredSteps(setting: ApprovalStepsSetting): readonly ApprovalStep[] {
  return REQUIRED_STEPS[setting];
}

export function isApprovalStepsSetting(value: unknown): value is ApprovalStepsSetting {
  return isOneOf(APPROVAL_STEPS_SETTINGS, value);
}

/** A stored setting, or the default for a client written before the setting existed. */
export function approvalStepsOf(value: unknown): ApprovalStepsSetting {
  return isApprovalStepsSetting(value) ? value : DEFAULT_APPROVAL_STEPS;
}

/** One decision on an item, as its replies carry it (`approvals`). */
export interface ContentApproval {
  readonly step: ApprovalStep;
  /** The colleague's e-mail, or the link's reviewer (their e-mail, else '<name> (review link)'). */
  readonly decidedBy: string;
  readonly decision: ReviewDecision;
  /** The version the decision was made on. */
  readonly versionId: string;
  readonly at: string;
  /** An administrator completed the step in its place (recorded, shown on the item and in the activity). */
  readonly override?: true;
}

const isOneOf = <Value extends string>(values: readonly Value[], value: unknown): value is Value =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * A stored decision as replies carry it (`override` only when true), or null for an entry that is not
 * one: the item keeps its decisions as a plain list (functions/data/entities.ts), checked here on read.
 */
export function toContentApproval(value: unknown): ContentApproval | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = new Map<string, unknown>(Object.entries(value));
  const [step, decidedBy, decision, versionId, at] = ['step', 'decidedBy', 'decision', 'versionId', 'at'].map(
    (name) => fields.get(name),
  );
  if (!isOneOf(APPROVAL_STEPS, step) || !isOneOf(REVIEW_DECISIONS, decision)) return null;
  if (typeof decidedBy !== 'string' || typeof versionId !== 'string' || typeof at !== 'string') return null;
  const approval = { step, decidedBy, decision, versionId, at };
  return fields.get('override') === true ? { ...approval, override: true } : approval;
}

/** What the rule reads of an item: its current version and its decisions. */
export interface ApprovalSubject {
  readonly versionId?: string | undefined;
  readonly approvals?: readonly ContentApproval[] | undefined;
  /**
   * The version whose decisions the current words stand on, when a publish carried an approval to the
   * words that went out (the Editor changed them on the way: docs/decisions.md 'Approval is of words').
   */
  readonly approvalsFromVersionId?: string | undefined;
}

/** The latest decision of a step on the item's words, or null when there is none. */
export function standingDecision(item: ApprovalSubject, step: ApprovalStep): ContentApproval | null {
  if (item.versionId === undefined) return null;
  const versions = new Set([item.versionId, item.approvalsFromVersionId]);
  let latest: ContentApproval | null = null;
  for (const approval of item.approvals ?? []) {
    if (approval.step !== step || !versions.has(approval.versionId)) continue;
    if (latest === null || approval.at >= latest.at) latest = approval;
  }
  return latest;
}

/** Whether a step stands approved on the item's words (its latest decision there is an approval). */
export function isStepApproved(item: ApprovalSubject, step: ApprovalStep): boolean {
  return standingDecision(item, step)?.decision === 'approve';
}

/** The steps of `setting` that do not stand approved on the item's current words, in order. */
export function missingSteps(setting: ApprovalStepsSetting, item: ApprovalSubject): ApprovalStep[] {
  return requiredSteps(setting).filter((step) => !isStepApproved(item, step));
}

/** 409 of a publish or schedule that lacks steps; names each missing one. */
export function approvalStepsMessage(missing: readonly ApprovalStep[]): string {
  const named = missing.map((step) => APPROVAL_STEP_LABELS[step]);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '');
  return `This content needs ${list} before it can be published.`;
}

/** What a publishing gate knows of the client: both settings. */
export interface PublishingRules {
  readonly approvalSteps: ApprovalStepsSetting;
  /** 'Require approval before publishing', which alone decides when the steps are `none`. */
  readonly requireApproval: boolean;
}

export type PublishingRefusal = {
  readonly code: 'approval_required';
  readonly message: string;
  /** The steps that are missing; empty when it is the older rule (an approved item) that refused. */
  readonly missing: readonly ApprovalStep[];
};

/** What the publishing rule reads of an item: its decisions, and its status for the older rule. */
export interface PublishingSubject extends ApprovalSubject {
  readonly status: ContentStatus;
  readonly approvedVersionId?: string | undefined;
}

/**
 * The one publishing rule (every channel's gate calls it before going public, and the browser to say
 * so): with approval steps, every step the client's setting names must stand approved on the item's
 * current words; with `none`, the approval rule as it was before approval steps when the client requires
 * approval (the item is Approved, or live with its approved words: shared/content-status.ts). Null when
 * publishing may go ahead.
 */
export function publishingRefusal(rules: PublishingRules, item: PublishingSubject): PublishingRefusal | null {
  if (rules.approvalSteps === 'none') {
    if (!rules.requireApproval || isApprovedForPublishing(item)) return null;
    return { code: 'approval_required', message: APPROVAL_REQUIRED_MESSAGE, missing: [] };
  }
  const missing = missingSteps(rules.approvalSteps, item);
  if (missing.length === 0) return null;
  return { code: 'approval_required', message: approvalStepsMessage(missing), missing };
}

/** Said to a client who approves before the agency did, when the steps are internal then client. */
export const INTERNAL_FIRST_MESSAGE =
  'The agency has not approved this version yet; you can approve it once they have. You can still request changes.';

export const APPROVAL_OVERRIDE_MESSAGES = {
  adminsOnly: 'Only an administrator can override an approval step.',
  notRequired: (setting: ApprovalStepsSetting, step: ApprovalStep) =>
    `step: this client's approval steps (${setting}) do not include '${step}'.`,
} as const;

/** The steps whose standing approval on the item's words is an administrator's override. */
export function overriddenSteps(item: ApprovalSubject): ApprovalStep[] {
  return APPROVAL_STEPS.filter((step) => {
    const standing = standingDecision(item, step);
    return standing?.decision === 'approve' && standing.override === true;
  });
}

/** What the review panel and the library say of the steps (the browser's words). */
export const APPROVAL_PANEL = {
  heading: 'Approval steps',
  setting: (setting: ApprovalStepsSetting) => `This client: ${APPROVAL_STEPS_FIELD.options[setting]}.`,
  noSteps: "This client has no approval steps; 'Require approval before publishing' decides.",
  steps: { internal: 'Internal approval', client: "Client's approval" } satisfies Record<
    ApprovalStep,
    string
  >,
  waiting: 'Waiting on this version',
  approvedBy: (who: string) => `Approved by ${who}`,
  changesBy: (who: string) => `Changes requested by ${who}`,
  overrideBadge: 'Override',
  overrideHint:
    'As an administrator you can complete a step in its place; the item and the activity log record that you did.',
  overrideButton: (step: ApprovalStep) => `Override ${APPROVAL_STEP_LABELS[step]}`,
  overridden: (step: ApprovalStep) => `${APPROVAL_PANEL.steps[step]} overridden`,
  overrideFailed: 'The approval step could not be overridden.',
  loadFailed: 'The approval steps could not be loaded.',
  badgeTitle: (steps: readonly ApprovalStep[]) =>
    `Approved by an administrator's override: ${steps.map((step) => APPROVAL_STEP_LABELS[step]).join(', ')}`,
};
