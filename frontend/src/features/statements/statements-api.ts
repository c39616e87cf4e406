import type { Billing, Statement, StatementLinkCreated, StatementLinkSummary } from '#shared/statement';
import { api, publicApi } from '@/lib/api-client';

/** The statement's calls (functions/statements): the app's, and the public link's (no credentials). */

const statementPath = (clientId: string, month: string) =>
  `/api/clients/${encodeURIComponent(clientId)}/statements/${encodeURIComponent(month)}`;

export const fetchStatement = (clientId: string, month: string, signal?: AbortSignal) =>
  api.get<Statement>(statementPath(clientId, month), signal ? { signal } : {});

export const createStatementLink = (clientId: string, month: string, expiresInDays?: number) =>
  api.post<StatementLinkCreated>(
    `${statementPath(clientId, month)}/links`,
    expiresInDays === undefined ? {} : { expiresInDays },
  );

export const listStatementLinks = (clientId: string, month: string, signal?: AbortSignal) =>
  api.get<{ links: StatementLinkSummary[] }>(
    `${statementPath(clientId, month)}/links`,
    signal ? { signal } : {},
  );

export const revokeStatementLink = (clientId: string, month: string, linkId: string) =>
  api.delete<StatementLinkSummary>(`${statementPath(clientId, month)}/links/${encodeURIComponent(linkId)}`);

export const setMarkup = (clientId: string, markupPercent: number) =>
  api.put<Billing>(`/api/clients/${encodeURIComponent(clientId)}/billing`, { markupPercent });

export const fetchPublicStatement = (token: string, signal?: AbortSignal) =>
  publicApi.get<Statement>(`/api/statement-links/${encodeURIComponent(token)}`, signal ? { signal } : {});
