import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '#functions/clients/client-store';
import {
  type Client,
  DEFAULT_CONTENT_INSTRUCTIONS,
  DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
} from '#shared/client';
import { clientInputSchema } from '#shared/client-input';
import { type ApiUser, chooseFromCardMenu, clientCard, createApiUser, toastWith } from './support/clients';
import { type E2eApp, openSignedInPage, pageErrors, screenshot, startE2eApp } from './support/e2e';

/** Spec 000 §2, §4, §5, §8: the Client Management screen, its Add/Edit dialogs, search and delete with Undo. */

let app: E2eApp;
let owner: ApiUser;
let page: Page;

const full = {
  name: '  Lone Star Plumbing  ',
  company_name: 'Lone Star Plumbing LLC',
  owner: 'Maria Gonzalez',
  email: 'maria@lonestarplumbing.com',
  phone: '(512) 555-0147',
  website: 'lonestarplumbing.com',
  facebook: 'https://facebook.com/lonestarplumbing',
  linkedin: 'https://linkedin.com/company/lone-star-plumbing',
  gbp: 'https://g.page/lone-star-plumbing',
  address: '1200 Congress Ave',
  city: '  Austin ',
  state: 'TX',
  postal_code: '78701',
  country: 'USA',
  newsletter_instructions: 'Friendly, practical tone. Always include a seasonal maintenance tip.',
  wordpress_url: 'https://lonestarplumbing.com',
  wordpress_username: 'editor',
  wordpress_app_password: 'abcd efgh ijkl mnop qrst uvwx',
};

const labels: Record<keyof typeof full, string> = {
  name: 'Name *',
  company_name: 'Company Name',
  owner: 'Owner',
  email: 'Email',
  phone: 'Phone',
  website: 'Website',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  gbp: 'Google Business Profile',
  address: 'Address',
  city: 'City',
  state: 'State',
  postal_code: 'Postal Code',
  country: 'Country',
  newsletter_instructions: 'Newsletter Instructions',
  wordpress_url: 'WordPress URL',
  wordpress_username: 'WordPress Username',
  wordpress_app_password: 'WordPress Application Password',
};

async function apiClient(id: string): Promise<Client> {
  const reply = await app.test.request<Client>('GET', `/api/clients/${id}`, { token: owner.idToken });
  expect(reply.status).toBe(200);
  return reply.body;
}

/** The full profiles (the list's default is the cards' summary). */
async function apiClients(): Promise<Client[]> {
  const reply = await app.test.request<{ clients: Client[] }>('GET', '/api/clients?fields=full', {
    token: owner.idToken,
  });
  return reply.body.clients;
}

beforeAll(async () => {
  app = await startE2eApp();
  owner = await createApiUser(app, 'owner');
  page = await openSignedInPage(app, owner);
});

afterAll(async () => {
  await app?.stop();
});

describe('Client Management screen', () => {
  it('shows a skeleton while the list loads, then the empty state', async () => {
    // Holds the list back so the skeleton can be seen; the screen itself is not slowed down.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/clients',
      async (route) => {
        await held;
        await route.fallback();
      },
    );
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByText('Manage your clients and their content instructions').waitFor();
    await page.getByTestId('clients-skeleton').waitFor();
    await screenshot(page, 'clients-skeleton');
    release();
    await page.unroute((url) => url.pathname === '/api/clients');

    await page.getByText('No clients added yet').waitFor();
    await expect.poll(() => page.getByTestId('clients-skeleton').count()).toBe(0);
    await page.getByPlaceholder('Search clients...').waitFor();
    await screenshot(page, 'clients-empty');
  });

  it('adds a client with every field: defaults prefilled, name required, values trimmed, newest on top', async () => {
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await dialog.waitFor();

    await expect
      .poll(() => dialog.getByLabel('Press Release Instructions').inputValue())
      .toBe(DEFAULT_PRESS_RELEASE_INSTRUCTIONS);
    await expect
      .poll(() => dialog.getByLabel('Content Instructions', { exact: true }).inputValue())
      .toBe(DEFAULT_CONTENT_INSTRUCTIONS);
    await expect.poll(() => dialog.getByLabel('Newsletter Instructions').inputValue()).toBe('');
    await expect.poll(() => dialog.getByLabel('Newsletter Instructions').getAttribute('rows')).toBe('3');
    await expect.poll(() => dialog.getByLabel('Press Release Instructions').getAttribute('rows')).toBe('8');
    await expect
      .poll(() => dialog.getByLabel('Content Instructions', { exact: true }).getAttribute('rows'))
      .toBe('8');
    await expect.poll(() => dialog.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    await expect
      .poll(() => dialog.getByLabel(labels.wordpress_app_password).getAttribute('type'))
      .toBe('password');
    await dialog
      .getByText('Create an application password in your WordPress admin under Users, then Profile.')
      .waitFor();
    await screenshot(page, 'clients-add-dialog');

    // 000 §5: the name is required after trimming, on add.
    await dialog.getByLabel(labels.name).fill('   ');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await toastWith(page, 'Name Required').waitFor();
    await toastWith(page, 'Please enter a client name.').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'clients-name-required');

    for (const [field, value] of Object.entries(full) as [keyof typeof full, string][]) {
      await dialog.getByLabel(labels[field], { exact: true }).fill(value);
    }
    await screenshot(page, 'clients-add-dialog-filled');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await toastWith(page, 'Client Added').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const card = clientCard(page, 'Lone Star Plumbing');
    await card.waitFor();
    for (const text of [
      'Lone Star Plumbing LLC',
      'Owner: Maria Gonzalez',
      '1200 Congress Ave',
      'Austin, TX 78701',
      'USA',
      'maria@lonestarplumbing.com',
      '(512) 555-0147',
    ]) {
      await card.getByText(text, { exact: true }).waitFor();
    }
    const website = card.getByRole('link', { name: 'Website' });
    await expect.poll(() => website.getAttribute('href')).toBe('https://lonestarplumbing.com');
    await expect.poll(() => website.getAttribute('target')).toBe('_blank');
    for (const badge of ['Facebook', 'LinkedIn', 'GBP']) {
      await expect.poll(() => card.getByRole('link', { name: badge }).getAttribute('target')).toBe('_blank');
    }
    await expect.poll(() => card.getByRole('link', { name: 'GBP' }).getAttribute('href')).toBe(full.gbp);
    const panels = card.getByTestId('instruction-panel');
    await expect.poll(() => panels.allInnerTexts()).toHaveLength(3);
    for (const label of ['Newsletter', 'Press Release', 'Client Content']) {
      await expect
        .poll(() => panels.filter({ hasText: label }).getByText('Custom', { exact: true }).count())
        .toBe(1);
    }
    // The default content instructions are longer than 200 characters: the preview is cut with an ellipsis.
    const contentPreview = await panels.filter({ hasText: 'Client Content' }).locator('p').textContent();
    expect(contentPreview).toBe(`${DEFAULT_CONTENT_INSTRUCTIONS.slice(0, 200).trimEnd()}...`);

    const [stored] = await apiClients();
    expect(stored).toMatchObject({
      name: 'Lone Star Plumbing',
      city: 'Austin',
      website: 'lonestarplumbing.com',
      press_release_instructions: DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
      wordpress_username: 'editor',
      wordpress_configured: true,
    });
    expect(stored).not.toHaveProperty('wordpress_app_password');

    // Cancel resets the form to the defaults.
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel(labels.name).inputValue()).toBe('');
    await dialog.getByLabel(labels.name).fill('Discarded draft');
    await dialog.getByLabel('Press Release Instructions').fill('changed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    await expect.poll(() => dialog.getByLabel(labels.name).inputValue()).toBe('');
    await expect
      .poll(() => dialog.getByLabel('Press Release Instructions').inputValue())
      .toBe(DEFAULT_PRESS_RELEASE_INSTRUCTIONS);

    // A second client with the name only: it goes to the top, and its empty newsletter panel says 'None'.
    await dialog.getByLabel(labels.name).fill('Hill Country Roofing');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await toastWith(page, 'Client Added').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('client-card').locator('[data-slot="card-title"]').allInnerTexts())
      .toEqual(['Hill Country Roofing', 'Lone Star Plumbing']);
    const roofing = clientCard(page, 'Hill Country Roofing');
    await roofing
      .getByTestId('instruction-panel')
      .filter({ hasText: 'Newsletter' })
      .getByText('None')
      .waitFor();
    await expect.poll(() => roofing.getByRole('link').count()).toBe(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'clients-grid');
    await screenshot(page, 'clients-grid-full', { fullPage: true });

    await chooseFromCardMenu(page, 'Lone Star Plumbing', /^View Content \(0\)$/).catch(async (error) => {
      await screenshot(page, 'clients-menu-failure');
      throw error;
    });
    await page.getByRole('dialog', { name: 'Lone Star Plumbing - Content Library' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows the card menu with its counts', async () => {
    await clientCard(page, 'Lone Star Plumbing')
      .getByRole('button', { name: 'Actions for Lone Star Plumbing' })
      .click();
    for (const item of ['View Content (0)', 'Manage Access (0)', 'Edit', 'Delete']) {
      await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
    }
    await screenshot(page, 'clients-card-menu');
    await page.keyboard.press('Escape');
  });

  it('searches by name, company, owner, e-mail and city, and says when nothing matches', async () => {
    const search = page.getByPlaceholder('Search clients...');
    const visibleNames = () =>
      page.getByTestId('client-card').locator('[data-slot="card-title"]').allInnerTexts();
    for (const term of ['lone star', 'LLC', 'gonzalez', 'maria@', 'austin']) {
      await search.fill(term);
      await expect.poll(visibleNames).toEqual(['Lone Star Plumbing']);
    }
    await search.fill('roofing');
    await expect.poll(visibleNames).toEqual(['Hill Country Roofing']);
    await search.fill('Dallas');
    await page.getByText('No clients found matching "Dallas"').waitFor();
    await screenshot(page, 'clients-no-match');
    await search.fill('');
    await expect.poll(visibleNames).toEqual(['Hill Country Roofing', 'Lone Star Plumbing']);
  });

  it('edits a client: prefilled form, Update Client, name required, password kept, then removed', async () => {
    const id = (await apiClients()).find((client) => client.name === 'Lone Star Plumbing')?.id ?? '';
    await chooseFromCardMenu(page, 'Lone Star Plumbing', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Client' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel(labels.company_name).inputValue())
      .toBe('Lone Star Plumbing LLC');
    await expect.poll(() => dialog.getByLabel(labels.city).inputValue()).toBe('Austin');
    await expect.poll(() => dialog.getByLabel(labels.wordpress_app_password).inputValue()).toBe('');
    await dialog.getByText('A password is saved. Leave the field blank to keep it.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await screenshot(page, 'clients-edit-dialog');

    await dialog.getByLabel(labels.name).fill(' ');
    await dialog.getByRole('button', { name: 'Update Client' }).click();
    await toastWith(page, 'Please enter a client name.').waitFor();

    await dialog.getByLabel(labels.name).fill('Lone Star Plumbing & Drains');
    await dialog.getByLabel(labels.city).fill(' Round Rock ');
    await dialog.getByLabel(labels.phone).fill('');
    await dialog.getByRole('button', { name: 'Update Client' }).click();
    await toastWith(page, 'Client Updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = clientCard(page, 'Lone Star Plumbing & Drains');
    await card.getByText('Round Rock, TX 78701').waitFor();
    await expect.poll(() => card.getByText('(512) 555-0147').count()).toBe(0);
    // Replaced in place: still second, not moved to the top.
    await expect
      .poll(() => page.getByTestId('client-card').locator('[data-slot="card-title"]').allInnerTexts())
      .toEqual(['Hill Country Roofing', 'Lone Star Plumbing & Drains']);
    let stored = await apiClient(id);
    expect(stored).toMatchObject({ city: 'Round Rock', phone: null, wordpress_configured: true });

    await chooseFromCardMenu(page, 'Lone Star Plumbing & Drains', 'Edit');
    await dialog.getByRole('button', { name: 'Remove saved password' }).click();
    await dialog.getByText('The saved password will be removed when you update the client.').waitFor();
    await screenshot(page, 'clients-edit-remove-password');
    await dialog.getByRole('button', { name: 'Update Client' }).click();
    await toastWith(page, 'Client Updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    stored = await apiClient(id);
    expect(stored.wordpress_configured).toBe(false);
    expect(stored.updated_at > stored.created_at).toBe(true);
  });

  it('deletes a client at once, without confirmation, and Undo brings it back', async () => {
    await chooseFromCardMenu(page, 'Hill Country Roofing', 'Delete');
    await clientCard(page, 'Hill Country Roofing').waitFor({ state: 'detached' });
    await expect((await apiClients()).map((client) => client.name)).toEqual(['Lone Star Plumbing & Drains']);
    const deleted = toastWith(page, 'Client Deleted');
    await deleted.waitFor();
    await screenshot(page, 'clients-deleted-undo');
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await clientCard(page, 'Hill Country Roofing').waitFor();
    await expect
      .poll(() => page.getByTestId('client-card').locator('[data-slot="card-title"]').allInnerTexts())
      .toEqual(['Hill Country Roofing', 'Lone Star Plumbing & Drains']);
    await expect((await apiClients()).map((client) => client.name)).toEqual([
      'Hill Country Roofing',
      'Lone Star Plumbing & Drains',
    ]);
  });

  it('lays the cards out in 1, 2 or 3 columns by width', async () => {
    // An expression string, because this file is type-checked without the DOM library.
    const columns = async (target: Page) =>
      Number(
        await target.evaluate(
          // The grid renders rows of cards
          // (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids": only the rows near
          // the viewport), each row a grid.
          `getComputedStyle(document.querySelector('[data-testid="client-grid"] > [role="none"]')).gridTemplateColumns.split(' ').length`,
        ),
      );
    await page.reload();
    await page.getByTestId('client-grid').waitFor();
    await expect.poll(() => columns(page)).toBe(3);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => columns(page)).toBe(2);
    await screenshot(page, 'clients-grid-tablet');
    await page.setViewportSize({ width: 1366, height: 900 });

    const phone = await openSignedInPage(app, owner, { mobile: true });
    await phone.goto('/clients');
    await phone.getByTestId('client-grid').waitFor();
    await expect.poll(() => columns(phone)).toBe(1);
    await screenshot(phone, 'clients-mobile');
    await phone.getByRole('button', { name: 'Add Client' }).first().click();
    await phone.getByRole('dialog', { name: 'Add New Client' }).waitFor();
    await screenshot(phone, 'clients-mobile-add-dialog');
    expect(pageErrors(phone)).toEqual([]);
  });

  it('pages a long list from the server as its end comes near, renders only the cards near the viewport, Tab reaches every card, and search asks the server', async () => {
    // 130 clients: the screen asks for 24 first (the first cards come at once), the next page of 100
    // as the grid's end comes near (or from 'Load more clients'), then the last.
    const agency = await createApiUser(app, 'agency');
    // Stored as POST /api/clients stores them (its handler calls createClient), without 130 requests:
    // the screen's paging is what this test reads; the route is the integration suite's.
    const owner = {
      userId: agency.userId,
      email: agency.email,
      isAdmin: false,
      authMethod: 'token',
    } as const;
    for (let index = 0; index < 130; index += 1) {
      await createClient(
        owner,
        clientInputSchema.parse({
          name: `Agency Client ${String(index).padStart(3, '0')}`,
          city: index === 0 ? 'Marfa' : 'Austin',
        }),
      );
    }
    const other = await openSignedInPage(app, agency);
    // Holds the second page back so the status under the cards can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const laterPage = (url: URL) => url.pathname === '/api/clients' && url.searchParams.has('cursor');
    const listRequests: URL[] = [];
    other.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/clients') listRequests.push(url);
    });
    await other.route(laterPage, async (route) => {
      await held;
      await route.fallback();
    });
    // The list's size as assistive technology reads it: every card carries it, rendered or not.
    const listSize = () =>
      other.getByRole('list', { name: 'Clients' }).getByRole('listitem').first().getAttribute('aria-setsize');
    await other.goto('/clients');
    await expect.poll(listSize).toBe('24');
    expect(listRequests[0]?.searchParams.get('limit')).toBe('24');
    // The button loads the next page from the keyboard; the status says it is on its way.
    const loadMore = other.getByRole('button', { name: 'Load more clients' });
    await loadMore.focus();
    await other.keyboard.press('Enter');
    await other.getByRole('status').getByText('Loading more clients...').waitFor();
    await screenshot(other, 'clients-loading-more');
    release();
    await expect.poll(listSize).toBe('124');
    // The rest comes by itself as the end of the grid comes near: End scrolls there.
    await expect
      .poll(async () => {
        await other.keyboard.press('End');
        return listSize();
      })
      .toBe('130');
    await expect.poll(() => other.getByText('Loading more clients...').count()).toBe(0);
    await expect.poll(() => loadMore.count()).toBe(0);
    // A few rows around the viewport are in the page, not 130 cards: at the end, the first are gone.
    await expect.poll(async () => (await other.getByTestId('client-card').count()) < 40).toBe(true);
    await expect.poll(() => other.getByText('Agency Client 129', { exact: true }).count()).toBe(0);
    // End scrolls to the bottom of the page as tall as it is then: on a busy machine the list may grow
    // to its 130 rows' height a frame after the count says 130, so End is pressed until the last renders.
    await expect
      .poll(async () => {
        await other.keyboard.press('End');
        return clientCard(other, 'Agency Client 000').count();
      })
      .toBe(1);
    await clientCard(other, 'Agency Client 000').waitFor();
    expect(
      await clientCard(other, 'Agency Client 000').locator('xpath=..').getAttribute('aria-posinset'),
    ).toBe('130');
    // Tab walks the cards one after the other, past the rows rendered at first, and Shift+Tab back.
    const focusedName = () =>
      other.evaluate<string | null>("document.activeElement?.getAttribute('aria-label')");
    await other.getByPlaceholder('Search clients...').focus();
    // Focusing the search scrolls back to the top; its first cards render on the next scroll event.
    await clientCard(other, 'Agency Client 129').waitFor();
    for (let step = 0; step < 45; step += 1) await other.keyboard.press('Tab');
    await expect.poll(focusedName).toBe('Actions for Agency Client 085');
    for (let step = 0; step < 5; step += 1) await other.keyboard.press('Shift+Tab');
    await expect.poll(focusedName).toBe('Actions for Agency Client 090');
    await other.getByPlaceholder('Search clients...').fill('marfa');
    await expect.poll(() => other.getByTestId('client-card').count()).toBe(1);
    await clientCard(other, 'Agency Client 000').waitFor();
    // The server searched: one request with search= once typing paused, not a filter in the page.
    expect(
      listRequests
        .filter((url) => url.searchParams.has('search'))
        .map((url) => url.searchParams.get('search')),
    ).toEqual(['marfa']);
    await other.unroute(laterPage);
    expect(pageErrors(other)).toEqual([]);
    await other.context().close();
  });

  it('produced no page errors', () => {
    expect(pageErrors(page)).toEqual([]);
  });
});
