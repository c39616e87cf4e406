import { useCallback, useEffect, useMemo, useState } from 'react';
import { type AgencySettings, SETTINGS_MESSAGES } from '#shared/agency-settings';
import { timeZoneNames } from '#shared/time-zone';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { fetchSettings, saveSettings } from './settings-api';

/** What the zone's clock reads now, so an admin sees what the choice means ("Tue, Dec 1, 6:37 PM"). */
function clockIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(now);
}

function TimeZoneCard({
  settings,
  onSaved,
}: {
  settings: AgencySettings;
  onSaved: (next: AgencySettings) => void;
}) {
  const zones = useMemo(() => {
    const names = timeZoneNames();
    // A zone saved elsewhere (an API call) that this browser does not list is still shown.
    return names.includes(settings.timeZone) ? names : [settings.timeZone, ...names];
  }, [settings.timeZone]);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [saving, setSaving] = useState(false);
  useEffect(() => setTimeZone(settings.timeZone), [settings.timeZone]);
  const changed = timeZone !== settings.timeZone;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Time zone</CardTitle>
        <CardDescription>
          The agency counts its months in this zone: a client's monthly statement covers the month from
          midnight on the 1st here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid max-w-md gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            setSaving(true);
            try {
              const saved = await saveSettings({ timeZone });
              onSaved(saved);
              void toast({ title: SETTINGS_MESSAGES.saved, variant: 'success' });
            } catch (error) {
              void toast({
                title: errorMessage(error, 'The settings could not be saved.'),
                variant: 'destructive',
              });
            } finally {
              setSaving(false);
            }
          }}
        >
          <FormField
            label="Agency time zone"
            htmlFor="settings-time-zone"
            hint={`Now there: ${clockIn(timeZone)}`}
          >
            <Select value={timeZone} onValueChange={setTimeZone}>
              <SelectTrigger id="settings-time-zone">
                <SelectValue />
              </SelectTrigger>
              <SelectContent className="max-h-80">
                {zones.map((zone) => (
                  <SelectItem key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={!changed || saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
            {settings.updatedBy && settings.updatedAt && (
              <p className="text-muted-foreground text-xs">
                Last changed by {settings.updatedBy} on{' '}
                {new Date(settings.updatedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SettingsView() {
  const [settings, setSettings] = useState<AgencySettings | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback((signal?: AbortSignal) => {
    setFailed(null);
    fetchSettings(signal)
      .then(setSettings)
      .catch((error: unknown) => {
        if (!signal?.aborted) setFailed(errorMessage(error, 'The settings could not be loaded.'));
      });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return (
    <PageContainer>
      <PageHeader title="Settings" description="How the agency's figures are counted." />
      {failed ? (
        <LoadFailed message={failed} onRetry={() => load()} />
      ) : settings ? (
        <TimeZoneCard settings={settings} onSaved={setSettings} />
      ) : (
        <Skeleton className="h-48 w-full max-w-2xl" />
      )}
    </PageContainer>
  );
}

/** Issue 41: the agency's settings, for admins (Admin Tools); others see nothing, like the tracker. */
export function SettingsPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return null;
  return <SettingsView />;
}
