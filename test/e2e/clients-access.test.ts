import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiUser,
  chooseFromCardMenu,
  clientCard,
  createApiUser,
  createClientViaApi,
  toastWith,
} from './support/clients';
import { type E2eApp, openPage, pageErrors, screenshot, signInThroughUi, startE2eApp } from './support/e2e';

/** Spec 000 §2, §5, §6, §8: Manage Client Access, seen by the owner and by the colleague granted access. */

let app: E2eApp;
let owner: ApiUser;
let colleague: ApiUser;
let ownerPage: Page;
let colleaguePage: Page;
const clientName = 'Bluebonnet Dental';

beforeAll(async () => {
  app = await startE2eApp();
  owner = await createApiUser(app, 'owner');
  colleague = await createApiUser(app, 'colleague');
  await createClientViaApi(app, owner, clientName);
  ownerPage = await openPage(app);
  colleaguePage = await openPage(app);
  await signInThroughUi(ownerPage, owner.email, owner.password);
  await signInThroughUi(colleaguePage, colleague.email, colleague.password);
});

afterAll(async () => {
  await app?.stop();
});

describe('Manage Client Access', () => {
  it('does not show the client to a colleague before access is granted', async () => {
    await colleaguePage.goto('/clients');
    await colleaguePage.getByText('No clients added yet').waitFor();
  });

  it('grants access by e-mail: button disabled while blank, toast, list reloaded, count updated', async () => {
    await ownerPage.goto('/clients');
    await chooseFromCardMenu(ownerPage, clientName, 'Manage Access (0)');
    const dialog = ownerPage.getByRole('dialog', { name: 'Manage Client Access' });
    await dialog.waitFor();
    await dialog
      .getByText(
        `Only the client owner can access ${clientName}'s data unless additional access is granted.`,
        {
          exact: false,
        },
      )
      .waitFor();
    await dialog.getByText('No additional access granted yet.').waitFor();
    const grant = dialog.getByRole('button', { name: 'Grant Access' });
    await expect.poll(() => grant.isDisabled()).toBe(true);
    await dialog.getByLabel('Email address').fill('   ');
    await expect.poll(() => grant.isDisabled()).toBe(true);
    await screenshot(ownerPage, 'clients-access-empty');

    await dialog.getByLabel('Email address').fill(`  ${colleague.email.toUpperCase()} `);
    await expect.poll(() => grant.isDisabled()).toBe(false);
    await grant.click();
    await toastWith(ownerPage, `Access granted to ${colleague.email}`).waitFor();
    await dialog.getByTestId('access-row').filter({ hasText: colleague.email }).waitFor();
    await expect.poll(() => dialog.getByLabel('Email address').inputValue()).toBe('');
    await screenshot(ownerPage, 'clients-access-granted');

    // A second grant to the same address is refused with the server's message.
    await dialog.getByLabel('Email address').fill(colleague.email);
    await grant.click();
    await toastWith(ownerPage, `Access already granted to ${colleague.email}`).waitFor();
    await expect.poll(() => dialog.getByTestId('access-row').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await clientCard(ownerPage, clientName)
      .getByRole('button', { name: `Actions for ${clientName}` })
      .click();
    await ownerPage.getByRole('menuitem', { name: 'Manage Access (1)' }).waitFor();
    await ownerPage.keyboard.press('Escape');
  });

  it('lets the colleague see the client, without managing its access or deleting it', async () => {
    await colleaguePage.reload();
    await clientCard(colleaguePage, clientName).waitFor();
    await clientCard(colleaguePage, clientName)
      .getByRole('button', { name: `Actions for ${clientName}` })
      .click();
    const manage = colleaguePage.getByRole('menuitem', { name: 'Manage Access (1)' });
    await expect.poll(() => manage.getAttribute('aria-disabled')).toBe('true');
    await colleaguePage.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await expect.poll(() => colleaguePage.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await screenshot(colleaguePage, 'clients-access-colleague-view');
    await colleaguePage.keyboard.press('Escape');
  });

  it('removes the grant: toast, list reloaded, and the colleague no longer sees the client', async () => {
    await chooseFromCardMenu(ownerPage, clientName, 'Manage Access (1)');
    const dialog = ownerPage.getByRole('dialog', { name: 'Manage Client Access' });
    await dialog.getByTestId('access-row').waitFor();
    await dialog.getByRole('button', { name: `Remove ${colleague.email}` }).click();
    await toastWith(ownerPage, 'Access removed successfully').waitFor();
    await dialog.getByText('No additional access granted yet.').waitFor();
    await screenshot(ownerPage, 'clients-access-removed');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await colleaguePage.reload();
    await colleaguePage.getByText('No clients added yet').waitFor();
    await expect.poll(() => clientCard(colleaguePage, clientName).count()).toBe(0);
  });

  it('produced no page errors', () => {
    // The refused duplicate grant is a 409 on purpose; Chromium logs every failed request.
    const unexpected = pageErrors(ownerPage).filter((line) => !line.includes('status of 409 (Conflict)'));
    expect(unexpected).toEqual([]);
    expect(pageErrors(colleaguePage)).toEqual([]);
  });
});
