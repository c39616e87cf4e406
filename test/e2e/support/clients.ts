/**
 * Helpers for the Client Management e2e tests: users whose ID token the test keeps (to seed data over
 * the API, as another tool would), and short-hands for the client cards and their menu.
 */
import type { Locator, Page } from 'playwright-core';
import type { ClientContent, CreateContentInput } from '#shared/content';
import type { E2eApp } from './e2e';

export interface ApiUser {
  email: string;
  password: string;
  idToken: string;
  userId: string;
}

const PASSWORD = 'Secret-123';

/** A confirmed account plus its ID token for API calls made by the test itself. */
export async function createApiUser(app: E2eApp, prefix = 'user'): Promise<ApiUser> {
  const user = await app.test.createUser(app.newEmail(prefix), { password: PASSWORD });
  return { email: user.email, password: PASSWORD, idToken: user.idToken, userId: user.userId };
}

/** Saves a library item through POST /api/clients/{clientId}/content, the route the tools use. */
export async function saveContent(
  app: E2eApp,
  user: ApiUser,
  clientId: string,
  input: CreateContentInput,
): Promise<ClientContent> {
  const reply = await app.test.request<ClientContent>('POST', `/api/clients/${clientId}/content`, {
    token: user.idToken,
    body: input,
  });
  if (reply.status !== 201)
    throw new Error(`Saving content failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export async function createClientViaApi(
  app: E2eApp,
  user: ApiUser,
  name: string,
): Promise<{ id: string; name: string }> {
  const reply = await app.test.request<{ id: string; name: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: { name },
  });
  if (reply.status !== 201)
    throw new Error(`Creating a client failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export function clientCard(page: Page, name: string): Locator {
  return page.getByTestId('client-card').filter({ has: page.getByText(name, { exact: true }) });
}

/** Opens a card's menu and picks an item by its text (a RegExp for the counted items). */
export async function chooseFromCardMenu(
  page: Page,
  clientName: string,
  item: string | RegExp,
): Promise<void> {
  await clientCard(page, clientName)
    .getByRole('button', { name: `Actions for ${clientName}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The sonner toast containing `text`. */
export function toastWith(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}
