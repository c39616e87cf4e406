import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type AppNotification, NOTIFICATION_EVENT, notificationSchema } from '#shared/notifications';
import * as z from '#shared/validation/zod';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { formatMoment } from '@/lib/calendar-dates';
import { useRealtime } from '@/lib/realtime';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { NOTIFICATIONS } from './messages';
import { EMPTY_NOTIFICATIONS } from './notification-state';
import { fetchNotifications, markNotificationsRead, saveNotificationSettings } from './notifications-api';
import { notificationSettingsQuery, notificationsQuery, updateNotifications } from './queries';

/**
 * The header's bell: the unread count, the list (newest first, older pages on demand),
 * marking read (one by opening it, or all), live through the app's WebSocket with a toast for each new
 * one (the review panel's texts), and the user's e-mail setting. Loaded after the layout's first paint
 * (sidebar-layout.tsx), so the first load carries none of it.
 */

const pushedSchema = z.object({ notification: notificationSchema, unread: z.number() });

/** The count on the bell: 99+ past two digits, so the badge keeps its size. */
export const badgeCount = (unread: number) => (unread > 99 ? '99+' : String(unread));

function EmailSetting() {
  const queryClient = useQueryClient();
  // A setting that failed to load leaves the switch disabled, as before the data layer.
  const settings = useQuery(notificationSettingsQuery()).data ?? null;
  const [saving, setSaving] = useState(false);
  return (
    <div className="flex items-start gap-3 px-2 py-2">
      <Switch
        id="notification-email"
        checked={settings?.emailNotifications ?? false}
        disabled={settings === null || saving}
        aria-describedby="notification-email-hint"
        onCheckedChange={async (checked) => {
          setSaving(true);
          try {
            const saved = await saveNotificationSettings({ emailNotifications: checked });
            queryClient.setQueryData(notificationSettingsQuery().queryKey, saved);
            void toast({ title: NOTIFICATIONS.emailSaved(saved.emailNotifications), variant: 'success' });
          } catch (error) {
            void toast({ title: errorMessage(error, NOTIFICATIONS.emailFailed), variant: 'destructive' });
          } finally {
            setSaving(false);
          }
        }}
      />
      <div className="grid gap-0.5">
        <label htmlFor="notification-email" className="font-medium text-sm">
          {NOTIFICATIONS.email}
        </label>
        <p id="notification-email-hint" className="text-muted-foreground text-xs">
          {NOTIFICATIONS.emailHint}
        </p>
      </div>
    </div>
  );
}

function NotificationRow({ notification }: { notification: AppNotification }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className={cn('whitespace-normal break-words text-sm', !notification.read && 'font-medium')}>
        {!notification.read && <span className="sr-only">{NOTIFICATIONS.unreadMark}: </span>}
        {notification.title}
      </span>
      <span className="text-muted-foreground text-xs">{formatMoment(notification.createdAt)}</span>
    </div>
  );
}

export function NotificationCenter() {
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQuery(queryClient));
  const state = list.data ?? EMPTY_NOTIFICATIONS;
  // An older page that failed to load; the newest page's failure is the query's.
  const [olderFailed, setOlderFailed] = useState(false);
  const failed = list.isError || olderFailed;
  const navigate = useNavigate();
  const reload = () => {
    setOlderFailed(false);
    void list.refetch();
  };

  useRealtime(NOTIFICATION_EVENT, (message) => {
    const parsed = z.safeParse(pushedSchema, message);
    if (!parsed.success) return;
    const { notification, unread } = parsed.data;
    const listed = queryClient.getQueryState(notificationsQuery(queryClient).queryKey)?.status === 'success';
    updateNotifications(queryClient, { type: 'pushed', notification, unread });
    // Before the list has loaded (or after it failed), it is read again, merged with this push.
    if (!listed) void queryClient.invalidateQueries({ queryKey: notificationsQuery(queryClient).queryKey });
    void toast({
      title: NOTIFICATIONS.live[notification.kind] ?? NOTIFICATIONS.title,
      description: notification.title,
    });
  });

  const markRead = async (ids: readonly string[]) => {
    if (ids.length === 0) return;
    try {
      const { unread } = await markNotificationsRead(ids);
      updateNotifications(queryClient, { type: 'marked', ids, unread });
    } catch (error) {
      void toast({ title: errorMessage(error, NOTIFICATIONS.markFailed), variant: 'destructive' });
    }
  };

  const open = (notification: AppNotification) => {
    if (!notification.read) void markRead([notification.id]);
    if (notification.clientId) void navigate(`/clients?library=${encodeURIComponent(notification.clientId)}`);
  };

  const unreadIds = state.items.filter((item) => !item.read).map((item) => item.id);
  const { nextCursor } = state;

  return (
    <DropdownMenu onOpenChange={(opened) => opened && failed && reload()}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative ml-auto"
          aria-label={NOTIFICATIONS.bellLabel(state.unread)}
          data-notification-bell
        >
          <Bell aria-hidden="true" />
          {state.unread > 0 && (
            // Inside the button's box on the right: a badge reaching past it overflows a 360 px header.
            <span
              aria-hidden="true"
              data-unread-count
              className="-top-0.5 absolute right-0 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white leading-none"
            >
              {badgeCount(state.unread)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))]">
        <div className="flex items-center justify-between gap-2 pr-1">
          <DropdownMenuLabel>{NOTIFICATIONS.title}</DropdownMenuLabel>
          <Button
            variant="link"
            size="sm"
            className="h-auto px-1 text-xs"
            disabled={unreadIds.length === 0}
            onClick={() => void markRead(unreadIds)}
          >
            {NOTIFICATIONS.markAllRead}
          </Button>
        </div>
        <DropdownMenuSeparator />
        {failed ? (
          <p className="px-2 py-3 text-destructive text-sm">{NOTIFICATIONS.loadFailed}</p>
        ) : state.loaded && state.items.length === 0 ? (
          <p className="px-2 py-3 text-muted-foreground text-sm">{NOTIFICATIONS.empty}</p>
        ) : (
          state.items.map((notification) => (
            <DropdownMenuItem
              key={notification.id}
              className="items-start gap-2"
              data-notification={notification.id}
              data-read={notification.read}
              onSelect={() => open(notification)}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'mt-1.5 size-2 shrink-0 rounded-full',
                  notification.read ? 'bg-transparent' : 'bg-primary',
                )}
              />
              <NotificationRow notification={notification} />
            </DropdownMenuItem>
          ))
        )}
        {nextCursor && (
          <DropdownMenuItem
            className="justify-center text-sm"
            onSelect={(event) => {
              event.preventDefault();
              fetchNotifications(nextCursor).then(
                (page) => updateNotifications(queryClient, { type: 'older', page }),
                () => setOlderFailed(true),
              );
            }}
          >
            {NOTIFICATIONS.more}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <EmailSetting />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
