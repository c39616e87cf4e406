import { type BusinessProfile, locationOf, postalAddress } from './profile';

/** The business profile as prompt lines ("Business: Lopez Plumbing"); empty fields are left out. */
export function profileLines(profile: BusinessProfile): string[] {
  const entries: [string, string | null][] = [
    ['Business', profile.name],
    ['Contact person', profile.owner],
    ['Location', locationOf(profile)],
    ['Address', postalAddress(profile)],
    ['Country', profile.country],
    ['Website', profile.website],
    ['Phone', profile.phone],
    ['Email', profile.email],
    ['Facebook', profile.facebook],
    ['LinkedIn', profile.linkedin],
    ['Google Business Profile', profile.gbp],
  ];
  return entries
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([label, value]) => `${label}: ${value}`);
}
