import { isActivityAction } from '#shared/activity';
import { ACTIVITY_ACTION_NAMES } from '#shared/activity-query';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/lib/auth/auth-context';
import { actionLabel } from './activity-feed';
import { ActivityList } from './activity-list';
import type { ActionFilter } from './feed-state';
import { LiveIndicator } from './live-indicator';
import { ACTIVITY_PAGE } from './messages';
import { useActivityFeed } from './use-activity-feed';

/** Dates on screen are the viewer's local time (000 §9 US English format). */
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The select's value for 'All actions': no action is named so. */
const ALL_ACTIONS = 'all';

/**
 * docs/decisions.md, "The Activity Tracker reaches every activity": one action or all, by the labels the
 * badges show, in the order shared/activity.ts lists them.
 */
function ActionSelect({
  filter,
  onChange,
}: {
  filter: ActionFilter;
  onChange: (filter: ActionFilter) => void;
}) {
  return (
    <Select
      value={filter ?? ALL_ACTIONS}
      onValueChange={(value) => onChange(isActivityAction(value) ? value : null)}
    >
      <SelectTrigger className="w-full min-w-0 sm:w-64" aria-label={ACTIVITY_PAGE.filterLabel}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_ACTIONS}>{ACTIVITY_PAGE.allActions}</SelectItem>
        {ACTIVITY_ACTION_NAMES.map((action) => (
          <SelectItem key={action} value={action}>
            {actionLabel(action)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function ActivityFeedView() {
  const feed = useActivityFeed();
  return (
    <PageContainer>
      <PageHeader
        title={ACTIVITY_PAGE.title}
        description={ACTIVITY_PAGE.subtitle}
        actions={<LiveIndicator live={feed.live} />}
      />
      <div className="mb-4">
        <ActionSelect filter={feed.filter} onChange={feed.setFilter} />
      </div>
      <ActivityList
        activities={feed.activities}
        failed={feed.failed}
        filtered={feed.filter !== null}
        older={{
          cursor: feed.olderCursor,
          loading: feed.loadingOlder,
          failed: feed.olderFailed,
          onLoad: feed.loadOlder,
        }}
        timeZone={viewerTimeZone()}
        onRetry={feed.reload}
      />
    </PageContainer>
  );
}

/**
 * 001 §2 Activity Tracker: a live feed for the admin; "everyone else sees nothing", so a plain user
 * gets an empty page and never calls the (admin-only) API or subscribes to the feed.
 */
export function ActivityTrackerPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return null;
  return <ActivityFeedView />;
}
