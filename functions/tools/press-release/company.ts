import type { Client } from '#shared/client';
import { DEFAULT_PRESS_RELEASE_INSTRUCTIONS } from '#shared/client';
import { type CalendarDate, type PressReleaseRequest, parseReleaseDate } from '#shared/tools/press-release';
import {
  type BusinessProfile,
  EMPTY_PROFILE,
  mergeProfiles,
  profileFromClient,
  profileFromCompanyData,
} from '../compose/profile';

/**
 * Which company a release speaks for: the company data the form sent, completed from the chosen client
 * when "use selected client's company info" is ticked. Unticked, the client's details stay out.
 */
export function releaseCompany(input: PressReleaseRequest, client: Client | null): BusinessProfile {
  const fromForm = input.clientCompanyData ? profileFromCompanyData(input.clientCompanyData) : EMPTY_PROFILE;
  const fromClient = input.useClientCompanyInfo ? profileFromClient(client) : EMPTY_PROFILE;
  return mergeProfiles(fromForm, fromClient);
}

/** The AI Instructions card: edited instructions, else the client's, else the default ones (000 §3). */
export function releaseInstructions(input: PressReleaseRequest, client: Client | null): string {
  const edited = input.instructions?.trim();
  if (edited) return edited;
  return client?.press_release_instructions?.trim() || DEFAULT_PRESS_RELEASE_INSTRUCTIONS;
}

/** The release date picked, else the job's date ("use the current date"). */
export function releaseDate(input: PressReleaseRequest, now: Date): CalendarDate {
  const picked = input.releaseDate ? parseReleaseDate(input.releaseDate) : null;
  return picked ?? { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/** ISO form of a calendar date, as stored in metadata. */
export function isoDate(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}
