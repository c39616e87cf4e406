import type { MarkReadReply, NotificationPage, NotificationSettings } from '#shared/notifications';
import { api } from '@/lib/api-client';

/** The caller's notifications and their e-mail setting (functions/notifications). */

export function fetchNotifications(cursor?: string, signal?: AbortSignal): Promise<NotificationPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<NotificationPage>(`/api/notifications${query}`, signal ? { signal } : {});
}

export function markNotificationsRead(ids: readonly string[]): Promise<MarkReadReply> {
  return api.post<MarkReadReply>('/api/notifications/read', { ids });
}

export function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/api/notifications/settings', signal ? { signal } : {});
}

export function saveNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return api.put<NotificationSettings>('/api/notifications/settings', settings);
}
