import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Activity } from '#shared/activity';
import { ActivityList } from './activity-list';
import { ACTIVITY_PAGE } from './messages';

/** A feed whose data failed to load never looks like an empty feed. */

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

const render = (activities: Activity[] | null, failed: boolean, extra: Partial<ListProps> = {}) =>
  renderToStaticMarkup(
    <ActivityList
      activities={activities}
      failed={failed}
      timeZone="UTC"
      onRetry={() => undefined}
      {...extra}
    />,
  );

type ListProps = Parameters<typeof ActivityList>[0];
const older = (cursor: string | null | undefined, state: { loading?: boolean; failed?: boolean } = {}) => ({
  older: { cursor, loading: state.loading ?? false, failed: state.failed ?? false, onLoad: () => undefined },
});

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

  it("says when a filter matched nothing, in the filter's own words", () => {
    const html = render([], false, { filtered: true });
    expect(html).toContain(ACTIVITY_PAGE.emptyFilteredTitle);
    expect(html).not.toContain(ACTIVITY_PAGE.emptyTitle);
  });

  it("offers 'Load more' while older rows exist and says when the oldest is shown", () => {
    expect(render([row], false, older('next'))).toContain(ACTIVITY_PAGE.loadMore);
    expect(render([row], false, older('next', { loading: true }))).toContain(ACTIVITY_PAGE.loadingMore);
    const failed = render([row], false, older('next', { failed: true }));
    expect(failed).toContain(ACTIVITY_PAGE.olderPageFailed);
    expect(failed).toContain(ACTIVITY_PAGE.retry);
    const oldest = render([row], false, older(null));
    expect(oldest).toContain(ACTIVITY_PAGE.oldestShown);
    expect(oldest).not.toContain(ACTIVITY_PAGE.loadMore);
    expect(render([row], false, older(undefined))).not.toContain(ACTIVITY_PAGE.loadMore);
  });
});
