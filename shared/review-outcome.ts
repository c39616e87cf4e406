import type { ReviewDecision, ReviewOutcome } from './content-status';

/**
 * Where a review stands when several people review an item, worked out from its open
 * links and every decision on the item, by one rule set (docs/decisions.md):
 * - only decisions on the item's current version count; a new version starts every reviewer afresh;
 * - each reviewer's latest decision replaces their earlier ones, so a request for changes stands until
 *   the reviewer who made it approves (another reviewer's approval does not lift it), or a new version;
 * - any standing request for changes, a reviewer's or a colleague's, makes the item Changes requested;
 * - otherwise the item is Approved when every review request on it is: 'all' once each of its links
 *   approved, 'any' once one did; a colleague's approval (the agency's, the internal step) approves too,
 *   and the client's approval steps say whether publishing needs a reviewer's as well; with no open link
 *   on the current version, any approval on it approves.
 */

export const REVIEW_RULES = ['all', 'any'] as const;
export type ReviewRule = (typeof REVIEW_RULES)[number];

export const REVIEW_RULE_LABELS: Readonly<Record<ReviewRule, string>> = {
  all: 'All must approve',
  any: 'Any one approves',
};

/** An open link: its reviewer, the request it was sent with, and the version it shows. */
export interface OutcomeLink {
  readonly reviewId: string;
  /** The 'Send for review' it came from (its reviewers share the rule). */
  readonly requestId: string;
  readonly rule: ReviewRule;
  readonly versionId: string;
}

/** A decision as stored, oldest first: a reviewer's through a link, or a colleague's from the app. */
export interface OutcomeDecision {
  readonly by:
    | { readonly kind: 'reviewer'; readonly reviewId: string }
    | { readonly kind: 'staff'; readonly userId: string };
  readonly versionId: string | null;
  readonly decision: ReviewDecision;
}

const participant = (by: OutcomeDecision['by']) =>
  by.kind === 'reviewer' ? `link:${by.reviewId}` : `staff:${by.userId}`;

export function reviewOutcome(input: {
  readonly currentVersionId: string | undefined;
  readonly links: readonly OutcomeLink[];
  readonly decisions: readonly OutcomeDecision[];
}): ReviewOutcome {
  const { currentVersionId } = input;
  const latest = new Map<string, ReviewDecision>();
  for (const entry of input.decisions) {
    if (currentVersionId === undefined || entry.versionId !== currentVersionId) continue;
    latest.set(participant(entry.by), entry.decision);
  }
  if ([...latest.values()].includes('request_changes')) return 'changes_requested';
  // A colleague's approval is the agency's (the internal step): the item reads Approved, and the
  // client's approval steps decide whether publishing also needs a reviewer's (docs/decisions.md).
  if ([...latest.entries()].some(([who, decision]) => who.startsWith('staff:') && decision === 'approve')) {
    return 'approved';
  }

  const requests = new Map<string, { rule: ReviewRule; approvals: boolean[] }>();
  for (const link of input.links) {
    // A link still on an older version is not waited for: its reviewer cannot decide on these words.
    if (link.versionId !== currentVersionId) continue;
    const request = requests.get(link.requestId) ?? { rule: link.rule, approvals: [] };
    request.approvals.push(latest.get(`link:${link.reviewId}`) === 'approve');
    requests.set(link.requestId, request);
  }
  // No link waits on these words (expired, revoked, or none was sent): an approval on them approves.
  if (requests.size === 0) return [...latest.values()].includes('approve') ? 'approved' : 'in_review';
  const approved = [...requests.values()].every(({ rule, approvals }) =>
    rule === 'all' ? approvals.every(Boolean) : approvals.some(Boolean),
  );
  return approved ? 'approved' : 'in_review';
}
