import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zone';
import * as z from './validation/zod';

/**
 * The agency's settings (issue 41): one item for the whole agency, read by every signed-in user (staff
 * need the zone to show months) and changed by admins only (docs/decisions.md, "The agency's time zone").
 */

export const SETTINGS_MESSAGES = {
  adminOnly: "Only an administrator can change the agency's settings.",
  badTimeZone: (name: string) =>
    `${JSON.stringify(name)} is not a time zone: use an IANA name such as Europe/London or America/New_York.`,
  missingTimeZone: 'Choose a time zone.',
  saved: 'Settings saved.',
} as const;

export const SETTINGS_ACTIVITY = { resourceType: 'settings', updated: 'update_settings' } as const;

const timeZoneField = z.string({ error: SETTINGS_MESSAGES.missingTimeZone }).check(
  z.maxLength(100, { error: ({ input }) => SETTINGS_MESSAGES.badTimeZone(String(input).slice(0, 100)) }),
  z.refine(isTimeZone, { error: ({ input }) => SETTINGS_MESSAGES.badTimeZone(String(input)) }),
  z.meta({
    description:
      'The IANA time zone the agency counts its months in (statements, and the month of the usage figures), e.g. `Europe/London`.',
    examples: ['America/New_York'],
  }),
);

/** PUT /api/settings. */
export const settingsInputSchema = z.object({ timeZone: timeZoneField });

export const agencySettingsSchema = z
  .object({
    timeZone: z.string().check(
      z.meta({
        description: `The agency's IANA time zone; \`${DEFAULT_TIME_ZONE}\` until an admin sets one.`,
      }),
    ),
    updatedAt: z
      .nullable(z.string())
      .check(z.meta({ description: 'When an admin last changed them (ISO).' })),
    updatedBy: z.nullable(z.string()).check(z.meta({ description: 'Who changed them last (e-mail).' })),
  })
  .check(z.meta({ description: "The agency's settings." }));

export type SettingsInput = z.output<typeof settingsInputSchema>;
export type AgencySettings = z.output<typeof agencySettingsSchema>;
