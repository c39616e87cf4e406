import type { Client } from '#shared/client';
import type { ClientCompanyData } from '#shared/tools/press-release';

/** What the composers know about the business they write for, from a client or a form's company data. */
export interface BusinessProfile {
  /** The business as readers know it: company name, else the client's name. */
  readonly name: string | null;
  /** The contact person (the spec's `owner`). */
  readonly owner: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly website: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postalCode: string | null;
  readonly country: string | null;
  readonly facebook: string | null;
  readonly linkedin: string | null;
  readonly gbp: string | null;
}

export const EMPTY_PROFILE: BusinessProfile = {
  name: null,
  owner: null,
  email: null,
  phone: null,
  website: null,
  address: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  facebook: null,
  linkedin: null,
  gbp: null,
};

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export function profileFromClient(client: Client | null): BusinessProfile {
  if (client === null) return EMPTY_PROFILE;
  return {
    name: clean(client.company_name) ?? clean(client.name),
    owner: clean(client.owner),
    email: clean(client.email),
    phone: clean(client.phone),
    website: clean(client.website),
    address: clean(client.address),
    city: clean(client.city),
    state: clean(client.state),
    postalCode: clean(client.postal_code),
    country: clean(client.country),
    facebook: clean(client.facebook),
    linkedin: clean(client.linkedin),
    gbp: clean(client.gbp),
  };
}

export function profileFromCompanyData(data: ClientCompanyData): BusinessProfile {
  return {
    name: clean(data.companyName) ?? clean(data.clientName),
    owner: clean(data.owner),
    email: clean(data.email),
    phone: clean(data.phone),
    website: clean(data.website),
    address: clean(data.address),
    city: clean(data.city),
    state: clean(data.state),
    postalCode: clean(data.postal_code),
    country: clean(data.country),
    facebook: clean(data.facebook),
    linkedin: clean(data.linkedin),
    gbp: clean(data.gbp),
  };
}

/** Field by field, the first profile's value, else the second's. */
export function mergeProfiles(primary: BusinessProfile, fallback: BusinessProfile): BusinessProfile {
  const merged = { ...fallback };
  for (const key of Object.keys(primary) as (keyof BusinessProfile)[])
    merged[key] = primary[key] ?? fallback[key];
  return merged;
}

/** "Austin, TX", "Austin", "TX" or null. */
export function locationOf(profile: BusinessProfile): string | null {
  const parts = [profile.city, profile.state].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(', ');
}

/** One line of postal address: street, city, state and postal code. */
export function postalAddress(profile: BusinessProfile): string | null {
  const cityLine = [locationOf(profile), profile.postalCode].filter(Boolean).join(' ');
  const parts = [profile.address, cityLine === '' ? null : cityLine].filter(
    (part): part is string => part !== null,
  );
  return parts.length === 0 ? null : parts.join(', ');
}

/** A website as a full URL (profiles often hold "acme.com"). */
export function websiteUrl(profile: BusinessProfile): string | null {
  if (profile.website === null) return null;
  return /^https?:\/\//iu.test(profile.website) ? profile.website : `https://${profile.website}`;
}

/** A website as readers see it: no scheme, no trailing slash. */
export function websiteLabel(profile: BusinessProfile): string | null {
  return profile.website?.replace(/^https?:\/\//iu, '').replace(/\/$/u, '') ?? null;
}
