import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Activity } from '#shared/activity';
import { ActivityList } from './activity-list';
import { ACTIVITY_PAGE } from './messages';

/** A feed whose data failed to load never looks like an empty feed (issue 9 #14). */

const row: Activity = {
  id: 'a1',
  user_id: 'user-1',
  user_email: 'staff@agency.example',
  action: 'client_updated',
  resource_type: 'client',
  resource_id: 'client-1',
  details: {},
  ip_address: null,
  user_agent: null,
  created_at: new Date(Date.UTC(2026, 2, 14, 15, 0)).toISOString(),
};

const render = (activities: Activity[] | null, failed: boolean) =>
  renderToStaticMarkup(
    <ActivityList activities={activities} failed={failed} timeZone="UTC" onRetry={() => undefined} />,
  );

describe('ActivityList', () => {
  it('shows the empty state only when the load succeeded with no rows', () => {
    expect(render([], false)).toContain(ACTIVITY_PAGE.emptyTitle);
    const failed = render([], true);
    expect(failed).toContain(ACTIVITY_PAGE.loadFailedTitle);
    expect(failed).toContain(ACTIVITY_PAGE.retry);
    expect(failed).not.toContain(ACTIVITY_PAGE.emptyTitle);
  });

  it('says the earlier rows are missing when only live rows arrived after a failed load', () => {
    const html = render([row], true);
    expect(html).toContain(ACTIVITY_PAGE.olderFailed);
    expect(html).toContain(ACTIVITY_PAGE.retry);
    expect(render([row], false)).not.toContain(ACTIVITY_PAGE.olderFailed);
  });
});
