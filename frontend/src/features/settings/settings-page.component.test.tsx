import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AgencySettings, SETTINGS_MESSAGES } from '#shared/agency-settings';
import { apiServer, apiUrl, DEFAULT_AGENCY_SETTINGS } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { BrandingCard } from './settings-page';

/** The review page's branding on the Settings page: checked before the save, then saved. */

describe('Settings page, review page branding', () => {
  it('refuses a logo that is not an https image at its field, and saves the name and logo', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.put(apiUrl('/api/settings'), async ({ request }) => {
        const body = (await request.json()) as Partial<AgencySettings>;
        sent.push(body);
        return HttpResponse.json({
          ...DEFAULT_AGENCY_SETTINGS,
          ...body,
          updatedAt: '2026-12-02T10:00:00.000Z',
        });
      }),
    );
    // The card alone: the whole page renders every time zone of the zone list, slow in happy-dom.
    const saved: AgencySettings[] = [];
    renderScreen(<BrandingCard settings={DEFAULT_AGENCY_SETTINGS} onSaved={(next) => saved.push(next)} />, {
      path: '/settings',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Agency name'));
    await user.paste('Harbor Marketing');
    const logo = screen.getByLabelText('Logo address');
    await user.click(logo);
    await user.paste('http://agency.example/logo.png');
    const saveBranding = screen.getByRole('button', { name: 'Save' });
    await user.click(saveBranding);
    expect(await screen.findByText(SETTINGS_MESSAGES.badLogo)).toBeTruthy();
    expect(logo.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.clear(logo);
    await user.paste('https://agency.example/logo.png');
    await user.click(saveBranding);
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    expect(sent).toEqual([
      { timeZone: 'UTC', agencyName: 'Harbor Marketing', logoUrl: 'https://agency.example/logo.png' },
    ]);
    expect(saved.map((next) => [next.agencyName, next.logoUrl])).toEqual([
      ['Harbor Marketing', 'https://agency.example/logo.png'],
    ]);
  });
});
