import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ContentApprovalState } from '#shared/approval-schemas';
import {
  APPROVAL_PANEL,
  type ApprovalStep,
  overriddenSteps,
  requiredSteps,
  standingDecision,
} from '#shared/approvals';
import type { ClientContent } from '#shared/content';
import { REVIEW_EVENT } from '#shared/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-context';
import { formatMoment } from '@/lib/calendar-dates';
import { useRealtime } from '@/lib/realtime';
import { notifyError, notifySuccess } from '../notify';
import { fetchApprovalState, overrideApprovalStep } from './review-api';

/** 'Override' beside an item's status when an administrator completed a step of it (library, panel). */
export function OverrideBadge({
  item,
}: {
  item: Pick<ClientContent, 'versionId' | 'approvals' | 'approvalsFromVersionId'>;
}) {
  const steps = overriddenSteps(item);
  if (steps.length === 0) return null;
  return (
    <Badge variant="orange" title={APPROVAL_PANEL.badgeTitle(steps)} data-testid="override-badge">
      {APPROVAL_PANEL.overrideBadge}
      <span className="sr-only">: {APPROVAL_PANEL.badgeTitle(steps)}</span>
    </Badge>
  );
}

/**
 * The review panel's approval steps (docs/decisions.md 'Approval steps'): the client's setting, where
 * each step stands on the current version and who decided it, and, for an administrator, a button that
 * overrides a step still missing. Reads the item's approval state and follows the review's live changes.
 */
export function ApprovalStepsSection({
  item,
  onChanged,
}: {
  item: ClientContent;
  onChanged: (item: ClientContent) => void;
}) {
  const { user } = useAuth();
  const [state, setState] = useState<ContentApprovalState | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<ApprovalStep | null>(null);

  const load = useCallback(async () => {
    try {
      setState(await fetchApprovalState(item));
      setFailed(false);
    } catch (error) {
      notifyError(error, APPROVAL_PANEL.loadFailed);
      setFailed(true);
    }
  }, [item]);

  useEffect(() => {
    void load();
  }, [load]);

  useRealtime(REVIEW_EVENT, (message) => {
    if (message.contentId === item.id) void load();
  });

  const override = async (step: ApprovalStep) => {
    setBusy(step);
    try {
      onChanged(await overrideApprovalStep(item, step));
      notifySuccess(APPROVAL_PANEL.overridden(step), item.title);
      await load();
    } catch (error) {
      notifyError(error, APPROVAL_PANEL.overrideFailed);
    } finally {
      setBusy(null);
    }
  };

  if (failed) return <p className="text-destructive text-sm">{APPROVAL_PANEL.loadFailed}</p>;
  if (state === null) return null;
  const steps = requiredSteps(state.approval_steps);
  const subject = { versionId: state.versionId ?? undefined, approvals: state.approvals };
  return (
    <section className="grid gap-2" aria-labelledby="approval-steps-heading" data-testid="approval-steps">
      <h3 id="approval-steps-heading" className="font-semibold text-sm">
        {APPROVAL_PANEL.heading}
      </h3>
      {steps.length === 0 ? (
        <p className="text-muted-foreground text-sm">{APPROVAL_PANEL.noSteps}</p>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">{APPROVAL_PANEL.setting(state.approval_steps)}</p>
          <ul className="grid gap-2">
            {steps.map((step) => {
              const standing = standingDecision(subject, step);
              const missing = state.missingSteps.includes(step);
              return (
                <li
                  key={step}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-3 text-sm"
                  data-testid="approval-step"
                >
                  <span className="font-medium">{APPROVAL_PANEL.steps[step]}</span>
                  {standing === null ? (
                    <Badge variant="secondary">{APPROVAL_PANEL.waiting}</Badge>
                  ) : (
                    <>
                      <Badge variant={standing.decision === 'approve' ? 'green' : 'orange'}>
                        {standing.decision === 'approve'
                          ? APPROVAL_PANEL.approvedBy(standing.decidedBy)
                          : APPROVAL_PANEL.changesBy(standing.decidedBy)}
                      </Badge>
                      {standing.override && <Badge variant="orange">{APPROVAL_PANEL.overrideBadge}</Badge>}
                      <span className="text-muted-foreground text-xs">{formatMoment(standing.at)}</span>
                    </>
                  )}
                  {missing && user?.isAdmin === true && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      busy={busy === step}
                      onClick={() => void override(step)}
                    >
                      {busy === step ? <Spinner /> : <ShieldCheck />}
                      {APPROVAL_PANEL.overrideButton(step)}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {user?.isAdmin === true && state.missingSteps.length > 0 && (
            <p className="text-muted-foreground text-xs">{APPROVAL_PANEL.overrideHint}</p>
          )}
        </>
      )}
    </section>
  );
}
