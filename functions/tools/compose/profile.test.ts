import { describe, expect, it } from 'vitest';
import type { Client } from '#shared/client';
import {
  EMPTY_PROFILE,
  locationOf,
  mergeProfiles,
  postalAddress,
  profileFromClient,
  profileFromCompanyData,
  websiteLabel,
  websiteUrl,
} from './profile';

const client: Client = {
  id: 'c1',
  name: 'Maria Lopez',
  company_name: 'Lopez Plumbing',
  owner: 'Maria Lopez',
  email: 'maria@lopez.example',
  phone: '(512) 555-0134',
  website: 'lopez.example',
  facebook: null,
  linkedin: null,
  gbp: null,
  address: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'USA',
  newsletter_instructions: null,
  press_release_instructions: null,
  content_instructions: null,
  wordpress_url: null,
  wordpress_username: null,
  created_by: 'u1',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  wordpress_configured: false,
  content_count: 0,
  access_count: 0,
  require_approval: false,
  approval_steps: 'none',
};

describe('business profiles', () => {
  it('reads a client, preferring the company name', () => {
    const profile = profileFromClient(client);
    expect(profile.name).toBe('Lopez Plumbing');
    expect(locationOf(profile)).toBe('Austin, TX');
    expect(postalAddress(profile)).toBe('12 Elm St, Austin, TX 78701');
    expect(websiteUrl(profile)).toBe('https://lopez.example');
    expect(websiteLabel({ ...profile, website: 'https://lopez.example/' })).toBe('lopez.example');
    expect(profileFromClient(null)).toEqual(EMPTY_PROFILE);
  });

  it('reads company data and merges field by field', () => {
    const fromForm = profileFromCompanyData({
      clientName: 'Maria',
      companyName: null,
      owner: null,
      email: null,
      phone: '512-555-9999',
      website: null,
      facebook: null,
      linkedin: null,
      gbp: null,
      address: null,
      city: 'Round Rock',
      state: null,
      postal_code: null,
      country: null,
    });
    expect(fromForm.name).toBe('Maria');
    const merged = mergeProfiles(fromForm, profileFromClient(client));
    expect(merged).toMatchObject({ name: 'Maria', phone: '512-555-9999', city: 'Round Rock', state: 'TX' });
    expect(locationOf(EMPTY_PROFILE)).toBeNull();
  });
});
