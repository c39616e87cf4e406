import { describe, expect, it } from 'vitest';
import type { AppNotification } from '#shared/notifications';
import { EMPTY_NOTIFICATIONS, notificationReducer } from './notification-state';

const item = (id: string, read = false): AppNotification => ({
  id,
  kind: 'commented',
  title: `Maria Client commented on “${id}”`,
  clientId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0A',
  contentId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0B',
  createdAt: '2026-12-01T10:00:00.000Z',
  read,
});

describe('the bell’s list', () => {
  it('puts a push first and takes the server’s unread count', () => {
    const loaded = notificationReducer(EMPTY_NOTIFICATIONS, {
      type: 'loaded',
      page: { items: [item('01B'), item('01A', true)], unread: 1, next_cursor: null },
    });
    const pushed = notificationReducer(loaded, { type: 'pushed', notification: item('01C'), unread: 2 });
    expect(pushed.items.map((entry) => entry.id)).toEqual(['01C', '01B', '01A']);
    expect(pushed.unread).toBe(2);
  });

  it('shows a notification once when a push and a reload both bring it', () => {
    const pushed = notificationReducer(EMPTY_NOTIFICATIONS, {
      type: 'pushed',
      notification: item('01C'),
      unread: 1,
    });
    const loaded = notificationReducer(pushed, {
      type: 'loaded',
      page: { items: [item('01C'), item('01B')], unread: 2, next_cursor: 'next' },
    });
    expect(loaded.items.map((entry) => entry.id)).toEqual(['01C', '01B']);
    expect(loaded).toMatchObject({ unread: 2, nextCursor: 'next', loaded: true });
  });

  it('appends an older page and marks read only the ids named', () => {
    const loaded = notificationReducer(EMPTY_NOTIFICATIONS, {
      type: 'loaded',
      page: { items: [item('01D'), item('01C')], unread: 4, next_cursor: 'c' },
    });
    const older = notificationReducer(loaded, {
      type: 'older',
      page: { items: [item('01B'), item('01A')], unread: 4, next_cursor: null },
    });
    expect(older.items.map((entry) => entry.id)).toEqual(['01D', '01C', '01B', '01A']);
    expect(older.nextCursor).toBeNull();
    const marked = notificationReducer(older, { type: 'marked', ids: ['01C', '01A'], unread: 2 });
    expect(marked.items.map((entry) => entry.read)).toEqual([false, true, false, true]);
    expect(marked.unread).toBe(2);
  });
});
