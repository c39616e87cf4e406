import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Statement, StatementLinkSummary } from '#shared/statement';
import { apiServer, apiUrl } from '@/testing/api-server';
import { renderScreen } from '@/testing/render-screen';
import { StatementPage } from './statement-page';

/** The statement page on the data layer: a failed load's Try again, and a created link in the list. */

const CLIENT = { id: 'client-1', name: 'Spring Bakery' };
const MONTH = '2026-11';
const STATEMENT: Statement = {
  clientName: CLIENT.name,
  month: MONTH,
  timeZone: 'UTC',
  items: [],
  jobs: [],
  costUsd: 0,
  markupPercent: 0,
  billedUsd: 0,
};
const LINK: StatementLinkSummary = {
  linkId: 'link-1',
  month: MONTH,
  createdAt: '2026-12-01T10:00:00.000Z',
  createdBy: 'staff@agency.example',
  expiresAt: '2026-12-31T10:00:00.000Z',
  state: 'open',
  revokedAt: null,
};
const statementPath = `/api/clients/${CLIENT.id}/statements/${MONTH}`;
const path = `/statements?client=${CLIENT.id}&month=${MONTH}`;
const clientsReply = () => HttpResponse.json({ clients: [CLIENT], next_cursor: null });

describe('Statement page', () => {
  it('loads the statement again on Try again after a failed load', async () => {
    let reads = 0;
    apiServer.use(
      http.get(apiUrl('/api/clients'), clientsReply),
      http.get(apiUrl(statementPath), () => {
        reads += 1;
        return reads === 1 ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json(STATEMENT);
      }),
      http.get(apiUrl(`${statementPath}/links`), () => HttpResponse.json({ links: [] })),
    );
    renderScreen(<StatementPage />, { path });
    const failed = await screen.findByTestId('load-failed');
    expect(within(failed).getByText('The statement could not be loaded.')).toBeTruthy();
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("No links to this month's statement yet.")).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(reads).toBe(2);
  });

  it('lists a link once it is created (the links are read again)', async () => {
    const links: StatementLinkSummary[] = [];
    apiServer.use(
      http.get(apiUrl('/api/clients'), clientsReply),
      http.get(apiUrl(statementPath), () => HttpResponse.json(STATEMENT)),
      http.get(apiUrl(`${statementPath}/links`), () => HttpResponse.json({ links })),
      http.post(apiUrl(`${statementPath}/links`), () => {
        links.push(LINK);
        return HttpResponse.json({
          url: 'https://app.example/statements/token-1',
          expiresAt: LINK.expiresAt,
        });
      }),
    );
    renderScreen(<StatementPage />, { path });
    const user = userEvent.setup();
    expect(await screen.findByText("No links to this month's statement yet.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByTestId('statement-link-url')).textContent).toBe(
      'https://app.example/statements/token-1',
    );
    const list = await screen.findByRole('list', { name: 'Links to this statement' });
    expect(within(list).getByText('Open')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });
});
