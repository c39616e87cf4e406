import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_NAME_MAX, type AgencySettings, SETTINGS_MESSAGES } from '#shared/agency-settings';
import type { CreatedApiKey } from '#shared/api-keys';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "The agency's time zone": the agency's settings (its time zone). Every signed-in user
 * and API key reads them; only an admin changes them (a key acts as its owner); the zone must be an IANA
 * name; UTC until one is set.
 */

let app: TestRuntime;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  [staff, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const errorOf = (body: unknown) => (body as { error: { code: string; message: string } }).error;

describe('GET and PUT /api/settings', () => {
  it('reads UTC before any admin chose a zone, for staff and admins alike', async () => {
    for (const user of [staff, admin]) {
      const read = await app.request<AgencySettings>('GET', '/api/settings', { token: user.idToken });
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        timeZone: 'UTC',
        updatedAt: null,
        updatedBy: null,
        agencyName: null,
        logoUrl: null,
      });
    }
    expect((await app.request('GET', '/api/settings')).status).toBe(401);
  });

  it('refuses a change by staff with 403, and a zone that is not one with 400 naming it', async () => {
    const byStaff = await app.request('PUT', '/api/settings', {
      token: staff.idToken,
      body: { timeZone: 'Europe/London' },
    });
    expect(byStaff.status).toBe(403);
    expect(errorOf(byStaff.body).message).toBe(SETTINGS_MESSAGES.adminOnly);
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', '']) {
      const bad = await app.request('PUT', '/api/settings', { token: admin.idToken, body: { timeZone } });
      expect(bad.status, timeZone).toBe(400);
      expect(errorOf(bad.body).message).toBe(SETTINGS_MESSAGES.badTimeZone(timeZone));
    }
    const missing = await app.request('PUT', '/api/settings', { token: admin.idToken, body: {} });
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body).message).toBe(SETTINGS_MESSAGES.missingTimeZone);
    const unchanged = await app.request<AgencySettings>('GET', '/api/settings', { token: staff.idToken });
    expect(unchanged.body.timeZone).toBe('UTC');
  });

  it('saves an admin’s zone, which every user then reads, and records it as an activity', async () => {
    const saved = await app.request<AgencySettings>('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'America/New_York' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ timeZone: 'America/New_York', updatedBy: admin.email });
    const read = await app.request<AgencySettings>('GET', '/api/settings', { token: staff.idToken });
    expect(read.body).toEqual(saved.body);
    const activities = await app.request<{ activities: { action: string; details: unknown }[] }>(
      'GET',
      '/api/activities',
      { token: admin.idToken },
    );
    expect(activities.body.activities).toContainEqual(
      expect.objectContaining({
        action: 'update_settings',
        details: { previous_time_zone: 'UTC', time_zone: 'America/New_York' },
      }),
    );
  });

  it('keeps the review page’s branding: a name and an https image logo, kept when absent, cleared by ""', async () => {
    for (const logoUrl of [
      'http://agency.example/logo.png',
      'https://agency.example/logo.html',
      'javascript:alert(1)//.png',
      'https://user:pw@agency.example/logo.png',
      'data:image/png;base64,AAAA',
    ]) {
      const bad = await app.request('PUT', '/api/settings', {
        token: admin.idToken,
        body: { timeZone: 'UTC', logoUrl },
      });
      expect(bad.status, logoUrl).toBe(400);
      expect(errorOf(bad.body).message).toBe(SETTINGS_MESSAGES.badLogo);
    }
    const long = await app.request('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'UTC', agencyName: 'x'.repeat(AGENCY_NAME_MAX + 1) },
    });
    expect(long.status).toBe(400);
    expect(errorOf(long.body).message).toBe(SETTINGS_MESSAGES.agencyNameTooLong(AGENCY_NAME_MAX));
    const byStaff = await app.request('PUT', '/api/settings', {
      token: staff.idToken,
      body: { timeZone: 'UTC', agencyName: 'Not allowed' },
    });
    expect(byStaff.status).toBe(403);

    const saved = await app.request<AgencySettings>('PUT', '/api/settings', {
      token: admin.idToken,
      body: {
        timeZone: 'UTC',
        agencyName: '  Harbor Marketing ',
        logoUrl: 'https://agency.example/brand/logo.SVG',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      agencyName: 'Harbor Marketing',
      logoUrl: 'https://agency.example/brand/logo.SVG',
    });
    // A change of zone alone keeps the branding.
    const zoneOnly = await app.request<AgencySettings>('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'Europe/Paris' },
    });
    expect(zoneOnly.body).toMatchObject({ timeZone: 'Europe/Paris', agencyName: 'Harbor Marketing' });
    const cleared = await app.request<AgencySettings>('PUT', '/api/settings', {
      token: admin.idToken,
      body: { timeZone: 'UTC', agencyName: '', logoUrl: null },
    });
    expect(cleared.body).toMatchObject({ timeZone: 'UTC', agencyName: null, logoUrl: null });
    const read = await app.request<AgencySettings>('GET', '/api/settings', { token: staff.idToken });
    expect(read.body).toMatchObject({ agencyName: null, logoUrl: null });
  });

  it('takes API keys: a staff key reads, an admin’s key changes', async () => {
    const keyOf = async (user: TestUser) =>
      (
        await app.request<CreatedApiKey>('POST', '/api/api-keys', {
          token: user.idToken,
          body: { name: 'Settings' },
        })
      ).body.key;
    const [staffKey, adminKey] = await Promise.all([keyOf(staff), keyOf(admin)]);
    expect((await app.request('GET', '/api/settings', { token: staffKey })).status).toBe(200);
    const refused = await app.request('PUT', '/api/settings', {
      token: staffKey,
      body: { timeZone: 'Europe/Paris' },
    });
    expect(refused.status).toBe(403);
    const changed = await app.request<AgencySettings>('PUT', '/api/settings', {
      token: adminKey,
      body: { timeZone: 'Europe/Paris' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.timeZone).toBe('Europe/Paris');
  });
});
