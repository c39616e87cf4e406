import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  AGENCY_NAME_MAX,
  type AgencySettings,
  isLogoAddress,
  SETTINGS_MESSAGES,
} from '#shared/agency-settings';
import { timeZoneNames } from '#shared/time-zone';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/ui/load-failed';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { settingsQuery } from './queries';
import { saveSettings } from './settings-api';

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

/**
 * The agency's name and logo on its clients' review pages. The logo is an https image
 * address, checked here as the server checks it; the preview shows what the client will see.
 */
export function BrandingCard({
  settings,
  onSaved,
}: {
  settings: AgencySettings;
  onSaved: (next: AgencySettings) => void;
}) {
  const [name, setName] = useState(settings.agencyName ?? '');
  const [logo, setLogo] = useState(settings.logoUrl ?? '');
  const [logoError, setLogoError] = useState<string | null>(null);
  const [failedPreview, setFailedPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setName(settings.agencyName ?? '');
    setLogo(settings.logoUrl ?? '');
  }, [settings.agencyName, settings.logoUrl]);
  const previewFailed = failedPreview === logo.trim();
  const changed = name.trim() !== (settings.agencyName ?? '') || logo.trim() !== (settings.logoUrl ?? '');
  const previewable = logo.trim() !== '' && isLogoAddress(logo);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Review page branding</CardTitle>
        <CardDescription>
          Your clients see this name and logo at the top of every review link, and the name on your team's
          comments there. Nothing else of the agency is shown to them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid max-w-md gap-4"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (logo.trim() !== '' && !isLogoAddress(logo)) {
              setLogoError(SETTINGS_MESSAGES.badLogo);
              return;
            }
            setSaving(true);
            try {
              const saved = await saveSettings({
                timeZone: settings.timeZone,
                agencyName: name.trim(),
                logoUrl: logo.trim(),
              });
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
          <FormField label="Agency name" htmlFor="settings-agency-name">
            <Input
              id="settings-agency-name"
              value={name}
              maxLength={AGENCY_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <FormField
            label="Logo address"
            htmlFor="settings-logo-url"
            hint="The https address of an image (.png, .jpg, .gif, .webp or .svg). Leave empty for no logo."
            error={logoError}
          >
            <Input
              id="settings-logo-url"
              type="url"
              inputMode="url"
              placeholder="https://agency.example/logo.png"
              value={logo}
              aria-invalid={logoError ? true : undefined}
              onChange={(event) => {
                setLogo(event.target.value);
                setLogoError(null);
              }}
            />
          </FormField>
          {previewable && !previewFailed && (
            <div
              className="flex items-center gap-3 rounded-md border p-3"
              data-testid="settings-logo-preview"
            >
              <img
                src={logo.trim()}
                alt="Logo preview"
                referrerPolicy="no-referrer"
                className="h-10 max-w-40 object-contain"
                onError={() => setFailedPreview(logo.trim())}
              />
              {name.trim() && <span className="font-semibold [overflow-wrap:anywhere]">{name.trim()}</span>}
            </div>
          )}
          {previewable && previewFailed && (
            <p className="text-destructive text-sm" role="status">
              No image could be loaded from this address.
            </p>
          )}
          <div>
            <Button type="submit" disabled={!changed || saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SettingsView() {
  const queryClient = useQueryClient();
  const { data: settings, error, refetch } = useQuery(settingsQuery());
  // A save answers with the settings as stored: they replace the cached ones (the statements read them too).
  const saved = (next: AgencySettings) => queryClient.setQueryData(settingsQuery().queryKey, next);
  return (
    <PageContainer>
      <PageHeader
        title="Settings"
        description="How the agency's figures are counted, and how its clients' review pages look."
      />
      {error ? (
        <LoadFailed
          message={errorMessage(error, 'The settings could not be loaded.')}
          onRetry={() => void refetch()}
        />
      ) : settings ? (
        <div className="grid max-w-2xl gap-6">
          <TimeZoneCard settings={settings} onSaved={saved} />
          <BrandingCard settings={settings} onSaved={saved} />
        </div>
      ) : (
        <Skeleton className="h-48 w-full max-w-2xl" />
      )}
    </PageContainer>
  );
}

/** The agency's settings, for admins (Admin Tools); others see nothing, like the tracker. */
export function SettingsPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return null;
  return <SettingsView />;
}
