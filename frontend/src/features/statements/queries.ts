import { queryOptions } from '@tanstack/react-query';
import { fetchPublicStatement, fetchStatement, listStatementLinks } from './statements-api';

/** The statements' queries and their keys (docs/architecture.md, "The frontend's data layer"). */
export const statementKeys = {
  all: ['statements'] as const,
  /** Everything of one client: its markup changes every month's statement. */
  client: (clientId: string) => [...statementKeys.all, clientId] as const,
  statement: (clientId: string, month: string) => [...statementKeys.client(clientId), month] as const,
  links: (clientId: string, month: string) => [...statementKeys.statement(clientId, month), 'links'] as const,
  public: (token: string) => [...statementKeys.all, 'public', token] as const,
};

export const statementQuery = (clientId: string, month: string) =>
  queryOptions({
    queryKey: statementKeys.statement(clientId, month),
    queryFn: ({ signal }) => fetchStatement(clientId, month, signal),
  });

export const statementLinksQuery = (clientId: string, month: string) =>
  queryOptions({
    queryKey: statementKeys.links(clientId, month),
    queryFn: async ({ signal }) => (await listStatementLinks(clientId, month, signal)).links,
  });

export const publicStatementQuery = (token: string) =>
  queryOptions({
    queryKey: statementKeys.public(token),
    queryFn: ({ signal }) => fetchPublicStatement(token, signal),
  });
