import type { ReactNode } from 'react';
import type { Activity } from '#shared/activity';
import { Badge } from '@/components/ui/badge';
import { actionLabel, actionTone, activityTime, detailsSummary, readableName } from './activity-feed';
import { ACTIVITY_PAGE } from './messages';

/** Columns of the feed on wide screens; on a phone each row stacks into a small card. */
export const ACTIVITY_GRID_CLASS =
  'md:grid md:grid-cols-[10.5rem_minmax(0,1.5fr)_minmax(0,0.9fr)_minmax(0,1fr)_minmax(0,1.2fr)] md:items-start md:gap-4';

function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <span className="sr-only">{label}: </span>
      {children}
    </div>
  );
}

function Details({ details }: { details: Readonly<Record<string, unknown>> }) {
  const summary = detailsSummary(details);
  if (summary === '') return <span className="text-muted-foreground">{ACTIVITY_PAGE.noDetails}</span>;
  return (
    <details className="group min-w-0">
      <summary className="cursor-pointer list-none truncate rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring group-open:text-foreground [&::-webkit-details-marker]:hidden">
        <span className="mr-1 inline-block transition-transform group-open:rotate-90" aria-hidden="true">
          ▸
        </span>
        {summary}
      </summary>
      <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 font-mono text-xs [overflow-wrap:anywhere]">
        {JSON.stringify(details, null, 2)}
      </pre>
    </details>
  );
}

/** One activity: when, who, what (as a coloured badge), on which resource, and its details. */
export function ActivityRow({ activity, timeZone }: { activity: Activity; timeZone: string }) {
  const { columns } = ACTIVITY_PAGE;
  return (
    <li
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 px-4 py-3 text-sm ${ACTIVITY_GRID_CLASS}`}
      data-testid="activity-row"
      data-activity-id={activity.id}
    >
      <Field
        label={columns.time}
        className="col-start-2 row-start-1 text-muted-foreground tabular-nums max-md:text-right max-md:text-xs md:col-start-auto md:row-start-auto"
      >
        <time dateTime={activity.created_at}>{activityTime(activity, timeZone)}</time>
      </Field>
      <Field
        label={columns.user}
        className="col-span-2 min-w-0 font-medium [overflow-wrap:anywhere] md:col-span-1"
      >
        {activity.user_email}
      </Field>
      <Field
        label={columns.action}
        className="col-start-1 row-start-1 min-w-0 md:col-start-auto md:row-start-auto"
      >
        <Badge variant={actionTone(activity.action)} title={activity.action} className="max-w-full truncate">
          {actionLabel(activity.action)}
        </Badge>
      </Field>
      <Field
        label={columns.resource}
        className="col-span-2 flex min-w-0 flex-wrap items-baseline gap-x-2 md:col-span-1 md:block"
      >
        <div>{readableName(activity.resource_type)}</div>
        {activity.resource_id && (
          <div
            className="min-w-0 truncate font-mono text-muted-foreground text-xs"
            title={activity.resource_id}
          >
            {activity.resource_id}
          </div>
        )}
      </Field>
      <Field label={columns.details} className="col-span-2 min-w-0 md:col-span-1">
        <Details details={activity.details} />
      </Field>
    </li>
  );
}
