import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import {
  APPROVAL_PANEL,
  type ApprovalStep,
  type ApprovalStepsSetting,
  missingSteps,
  overriddenSteps,
  requiredSteps,
  standingDecision,
} from '#shared/approvals';
import type { ClientContent } from '#shared/content';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-context';
import { formatMoment } from '@/lib/calendar-dates';
import { fetchClient } from '../clients-api';
import { notifyError, notifySuccess } from '../notify';
import { fetchContent } from './content-api';
import { overrideApprovalStep } from './review-api';

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
 * overrides a step still missing. Reads the client's setting once; the item's decisions come with it.
 */
export function ApprovalStepsSection({
  item,
  onChanged,
}: {
  item: ClientContent;
  onChanged: (item: ClientContent) => void;
}) {
  const { user } = useAuth();
  const [setting, setSetting] = useState<ApprovalStepsSetting | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<ApprovalStep | null>(null);

  const load = useCallback(async () => {
    try {
      setSetting((await fetchClient(item.client_id)).approval_steps);
      setFailed(false);
    } catch (error) {
      notifyError(error, APPROVAL_PANEL.loadFailed);
      setFailed(true);
    }
  }, [item.client_id]);

  useEffect(() => {
    void load();
  }, [load]);

  const override = async (step: ApprovalStep) => {
    setBusy(step);
    try {
      await overrideApprovalStep(item, step);
      onChanged(await fetchContent(item));
      notifySuccess(APPROVAL_PANEL.overridden(step), item.title);
    } catch (error) {
      notifyError(error, APPROVAL_PANEL.overrideFailed);
    } finally {
      setBusy(null);
    }
  };

  if (failed) return <p className="text-destructive text-sm">{APPROVAL_PANEL.loadFailed}</p>;
  if (setting === null) return null;
  const steps = requiredSteps(setting);
  const missing = missingSteps(setting, item);
  return (
    <section className="grid gap-2" aria-labelledby="approval-steps-heading" data-testid="approval-steps">
      <h3 id="approval-steps-heading" className="font-semibold text-sm">
        {APPROVAL_PANEL.heading}
      </h3>
      {steps.length === 0 ? (
        <p className="text-muted-foreground text-sm">{APPROVAL_PANEL.noSteps}</p>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">{APPROVAL_PANEL.setting(setting)}</p>
          <ul className="grid gap-2">
            {steps.map((step) => {
              const standing = standingDecision(item, step);
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
                  {missing.includes(step) && user?.isAdmin === true && (
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
          {user?.isAdmin === true && missing.length > 0 && (
            <p className="text-muted-foreground text-xs">{APPROVAL_PANEL.overrideHint}</p>
          )}
        </>
      )}
    </section>
  );
}
