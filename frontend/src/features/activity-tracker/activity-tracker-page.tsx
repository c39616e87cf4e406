import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { ActivityList } from './activity-list';
import { LiveIndicator } from './live-indicator';
import { ACTIVITY_PAGE } from './messages';
import { useActivityFeed } from './use-activity-feed';

/** Dates on screen are the viewer's local time (000 §9 US English format). */
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function ActivityFeedView() {
  const { activities, failed, live, reload } = useActivityFeed();
  return (
    <PageContainer>
      <PageHeader
        title={ACTIVITY_PAGE.title}
        description={ACTIVITY_PAGE.subtitle}
        actions={<LiveIndicator live={live} />}
      />
      <ActivityList activities={activities} failed={failed} timeZone={viewerTimeZone()} onRetry={reload} />
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
