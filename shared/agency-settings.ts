import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zone';
import { isWebAddress } from './validation/web-address';
import * as z from './validation/zod';

/**
 * The agency's settings: one item for the whole agency, read by every signed-in user (staff
 * need the zone to show months) and changed by admins only (docs/decisions.md, "The agency's time zone").
 */

export const SETTINGS_MESSAGES = {
  adminOnly: "Only an administrator can change the agency's settings.",
  badTimeZone: (name: string) =>
    `${JSON.stringify(name)} is not a time zone: use an IANA name such as Europe/London or America/New_York.`,
  missingTimeZone: 'Choose a time zone.',
  agencyNameTooLong: (max: number) => `The agency name can be at most ${max} characters.`,
  badLogo: 'The logo must be the https address of an image: a .png, .jpg, .jpeg, .gif, .webp or .svg file.',
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

export const AGENCY_NAME_MAX = 100;

/** The file types a logo may be: what every browser shows in an `<img>`, where an SVG runs no script. */
const LOGO_EXTENSION = /\.(?:png|jpe?g|gif|webp|svg)$/iu;

/**
 * A logo's address: https only, so the review page (served over https) shows it
 * without a mixed-content block, and the path names an image file type.
 */
export function isLogoAddress(value: string): boolean {
  if (!isWebAddress(value)) return false;
  const url = new URL(value.trim());
  return url.protocol === 'https:' && LOGO_EXTENSION.test(url.pathname);
}

/** '' or null clears a branding field; absent keeps it as it is. */
const agencyNameField = z.optional(
  z.nullable(
    z.string().check(
      z.trim(),
      z.maxLength(AGENCY_NAME_MAX, SETTINGS_MESSAGES.agencyNameTooLong(AGENCY_NAME_MAX)),
      z.meta({
        description:
          "The agency's name as a client's review page shows it (its header, and a colleague's comments).",
        examples: ['Harbor Marketing'],
      }),
    ),
  ),
);

const logoUrlField = z.optional(
  z.nullable(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isLogoAddress(value), SETTINGS_MESSAGES.badLogo),
      z.meta({
        description: "The https address of the agency's logo (.png, .jpg, .jpeg, .gif, .webp or .svg).",
        examples: ['https://agency.example/logo.png'],
      }),
    ),
  ),
);

/** PUT /api/settings. */
export const settingsInputSchema = z.object({
  timeZone: timeZoneField,
  agencyName: agencyNameField,
  logoUrl: logoUrlField,
});

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
    agencyName: z
      .nullable(z.string())
      .check(z.meta({ description: "The agency's name on review pages; null until an admin sets it." })),
    logoUrl: z
      .nullable(z.string())
      .check(z.meta({ description: "The agency's logo on review pages (https); null until set." })),
  })
  .check(z.meta({ description: "The agency's settings." }));

export type SettingsInput = z.output<typeof settingsInputSchema>;

/** What a client's review page shows of the agency: its name and logo, nothing else of the settings. */
export interface AgencyBranding {
  name: string | null;
  logoUrl: string | null;
}
export type AgencySettings = z.output<typeof agencySettingsSchema>;
