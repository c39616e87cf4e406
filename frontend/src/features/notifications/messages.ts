/** The notification list's texts (issue 42 item 4); the toasts' titles are the review panel's (clients/messages.ts). */
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
} as const;
