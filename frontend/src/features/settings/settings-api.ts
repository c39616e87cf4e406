import type { AgencySettings, SettingsInput } from '#shared/agency-settings';
import { api } from '@/lib/api-client';

/** The agency's settings (GET and PUT /api/settings; functions/settings). */

export function fetchSettings(signal?: AbortSignal): Promise<AgencySettings> {
  return api.get<AgencySettings>('/api/settings', signal ? { signal } : {});
}

export function saveSettings(input: SettingsInput): Promise<AgencySettings> {
  return api.put<AgencySettings>('/api/settings', input);
}
