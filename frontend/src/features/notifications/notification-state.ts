import type { AppNotification, NotificationPage } from '#shared/notifications';

/**
 * The bell's list as the browser keeps it: the pages read so far, newest first, the server's unread
 * count, and the pushes that arrived since. Pure, so the merging rules are unit-tested.
 */
export interface NotificationState {
  readonly items: readonly AppNotification[];
  readonly unread: number;
  readonly nextCursor: string | null;
  readonly loaded: boolean;
}

export const EMPTY_NOTIFICATIONS: NotificationState = {
  items: [],
  unread: 0,
  nextCursor: null,
  loaded: false,
};

export type NotificationAction =
  | { readonly type: 'loaded'; readonly page: NotificationPage }
  | { readonly type: 'older'; readonly page: NotificationPage }
  | { readonly type: 'pushed'; readonly notification: AppNotification; readonly unread: number }
  | { readonly type: 'marked'; readonly ids: readonly string[]; readonly unread: number };

/** Newest first by id (ULIDs), each once: a push that a reload also read is not shown twice. */
function merged(first: readonly AppNotification[], second: readonly AppNotification[]): AppNotification[] {
  const byId = new Map<string, AppNotification>();
  for (const item of [...first, ...second]) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

export function notificationReducer(state: NotificationState, action: NotificationAction): NotificationState {
  switch (action.type) {
    case 'loaded':
      // Pushes that arrived while the page was read stay (each once).
      return {
        items: merged(action.page.items, state.items),
        unread: action.page.unread,
        nextCursor: action.page.next_cursor,
        loaded: true,
      };
    case 'older':
      return { ...state, items: merged(state.items, action.page.items), nextCursor: action.page.next_cursor };
    case 'pushed':
      return { ...state, items: merged([action.notification], state.items), unread: action.unread };
    case 'marked': {
      const ids = new Set(action.ids);
      return {
        ...state,
        items: state.items.map((item) => (ids.has(item.id) ? { ...item, read: true } : item)),
        unread: action.unread,
      };
    }
  }
}
