/** The notification list's texts and the live toasts' titles (docs/decisions.md, "Notifications"). */
export const NOTIFICATIONS = {
  title: 'Notifications',
  bellLabel: (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  empty:
    'No notifications yet. You are told here when a client comments on, approves or requests changes to an item you own or follow.',
  markAllRead: 'Mark all as read',
  loadFailed: 'Failed to load the notifications',
  markFailed: 'Failed to mark the notifications read',
  more: 'Show older',
  email: 'E-mail me clients’ decisions',
  emailHint: 'Approvals and requests for changes on items you own or follow.',
  emailSaved: (on: boolean) => (on ? 'Notification e-mail turned on' : 'Notification e-mail turned off'),
  emailFailed: 'Failed to save the e-mail setting',
  unreadMark: 'Unread',
  /** A live notice's toast title, by its kind. */
  live: {
    commented: 'New review comment',
    approved: 'Content approved',
    changes_requested: 'Changes requested',
  } as Record<string, string>,
} as const;
