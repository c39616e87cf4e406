import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '#shared/calendar';
import type { Publication } from '#shared/channels';
import { ApiError } from '@/lib/api-client';
import {
  entriesByDay,
  entryWithPublication,
  movedTo,
  moveRefusal,
  periodDays,
  periodLabel,
  rangeOf,
  rescheduleFailure,
  shiftPeriod,
} from './calendar-grid';
import { CALENDAR_PAGE } from './messages';

const entry = (id: string, date: string): CalendarEntry => ({
  id,
  kind: 'scheduled',
  date,
  clientId: 'c',
  clientName: 'Client',
  contentId: id,
  title: id,
  contentType: 'blog',
  status: 'scheduled',
});

describe('calendar grid', () => {
  it('shows a month as its whole weeks, Sunday first, marking the days of other months', () => {
    const days = periodDays('month', new Date(2026, 10, 15));
    expect(days).toHaveLength(35);
    expect(days[0]?.key).toBe('2026-11-01');
    expect(days.at(-1)?.key).toBe('2026-12-05');
    expect(days.filter((day) => !day.inPeriod).map((day) => day.key)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(periodDays('month', new Date(2026, 7, 1))).toHaveLength(42);
    expect(rangeOf(days)).toEqual({ from: '2026-11-01', to: '2026-12-05' });
  });

  it('shows a week from Sunday, and steps by month or week', () => {
    const week = periodDays('week', new Date(2026, 11, 2));
    expect(week.map((day) => day.key)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(periodLabel('week', new Date(2026, 11, 2))).toBe('Nov 29 – Dec 5, 2026');
    expect(periodLabel('month', new Date(2026, 11, 2))).toBe('December 2026');
    expect(shiftPeriod('month', new Date(2026, 0, 31), 1).getMonth()).toBe(1);
    expect(shiftPeriod('week', new Date(2026, 11, 2), -1).getDate()).toBe(25);
  });

  it('places entries on the viewer’s local day, in time order, and drops those outside', () => {
    const days = periodDays('week', new Date(2026, 11, 2));
    const late = new Date(2026, 11, 1, 23, 30).toISOString();
    const early = new Date(2026, 11, 1, 8, 0).toISOString();
    const byDay = entriesByDay(
      [
        entry('late', late),
        entry('early', early),
        entry('due', '2026-12-05'),
        entry('outside', '2027-01-01'),
      ],
      days,
    );
    expect(byDay.get('2026-12-01')?.map((item) => item.id)).toEqual(['early', 'late']);
    expect(byDay.get('2026-12-05')?.map((item) => item.id)).toEqual(['due']);
    expect([...byDay.values()].flat()).toHaveLength(3);
  });

  it('moves a post to another day at the same local time', () => {
    const at = new Date(2026, 11, 1, 9, 15).toISOString();
    const moved = new Date(movedTo(at, new Date(2026, 11, 4)));
    expect([moved.getDate(), moved.getHours(), moved.getMinutes()]).toEqual([4, 9, 15]);
  });
});

describe('moving entries', () => {
  const of = (kind: CalendarEntry['kind'], wordpressPostId?: number): CalendarEntry => ({
    id: `${kind}-1`,
    kind,
    date: '2026-03-14T15:00:00.000Z',
    clientId: 'c1',
    clientName: 'Harbor Bakery',
    contentId: 'i1',
    title: 'Holiday hours',
    contentType: 'blog',
    status: kind === 'published' ? 'published' : 'scheduled',
    ...(wordpressPostId === undefined ? {} : { wordpressPostId }),
  });

  it('says why an entry does not move, and nothing for a scheduled post that does', () => {
    expect(moveRefusal(of('scheduled', 7))).toBeNull();
    expect(moveRefusal(of('published', 7))).toBe(CALENDAR_PAGE.refused.published('WordPress'));
    expect(moveRefusal(of('due'))).toBe(CALENDAR_PAGE.refused.due);
    expect(moveRefusal(of('review_expiry'))).toBe(CALENDAR_PAGE.refused.review_expiry);
    expect(moveRefusal(of('scheduled'))).toBe(CALENDAR_PAGE.refused.unlinked);
  });

  it('moves a scheduled channel post, and says where a published or failed one is', () => {
    const channel = { platform: 'linkedin', channelName: 'Harbor Bakery', publicationId: 'p1' } as const;
    expect(moveRefusal({ ...of('scheduled'), channel })).toBeNull();
    expect(moveRefusal({ ...of('published'), channel })).toBe(CALENDAR_PAGE.refused.published('LinkedIn'));
    expect(moveRefusal({ ...of('failed'), channel })).toBe(CALENDAR_PAGE.refused.failed);
  });

  it('shows a retried channel post as its publication answered', () => {
    const failed: CalendarEntry = {
      ...of('failed'),
      channel: { platform: 'x', channelName: 'harbor', publicationId: 'p1', error: 'X: refused' },
    };
    const publishedAt = new Date(Date.now() + 60_000).toISOString();
    const answer = (status: Publication['status'], extra: Partial<Publication> = {}): Publication => ({
      publicationId: 'p1',
      clientId: 'c1',
      contentId: 'i1',
      connectionId: 'k1',
      platform: 'x',
      channelName: 'harbor',
      status,
      text: 'Holiday hours',
      createdAt: failed.date,
      createdBy: 'u1',
      updatedAt: publishedAt,
      ...extra,
    });
    const published = entryWithPublication(
      failed,
      answer('published', { publishedAt, postUrl: 'https://x.example/1' }),
    );
    expect(published).toMatchObject({ kind: 'published', date: publishedAt });
    expect(published.channel).toEqual({
      platform: 'x',
      channelName: 'harbor',
      publicationId: 'p1',
      postUrl: 'https://x.example/1',
    });
    expect(entryWithPublication(failed, answer('publishing')).kind).toBe('scheduled');
    expect(entryWithPublication(failed, answer('failed', { error: 'X: again' })).channel?.error).toBe(
      'X: again',
    );
  });

  it('says a post edited since its approval goes back for approval before it moves', () => {
    const refused = new ApiError(
      409,
      'approval_required',
      'This content needs approval before it can be published.',
      true,
    );
    expect(rescheduleFailure(refused)).toEqual({
      title: CALENDAR_PAGE.moveFailed,
      description: CALENDAR_PAGE.refused.needsApproval,
    });
    const other = new ApiError(
      409,
      'not_scheduled',
      'Only a scheduled post can be moved to another day.',
      true,
    );
    expect(rescheduleFailure(other).description).toBe('Only a scheduled post can be moved to another day.');
  });
});
