import type { Client } from '#shared/client';
import type { ClientInput } from '#shared/client-input';
import { api } from '@/lib/api-client';

/** The Client Management screen's calls (contract/routes.ts); reply shapes follow functions/clients and functions/access. */

/** A row of client_user_access (000 §3) as GET/POST /api/clients/{clientId}/access return it. */
export interface ClientAccess {
  id: string;
  client_id: string;
  user_email: string;
  granted_by: string;
  created_at: string;
}

const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

/** The full profile (the list carries only the cards' summary): what the Edit dialog starts from. */
export const fetchClient = (clientId: string, signal?: AbortSignal) =>
  api.get<Client>(clientPath(clientId), signal ? { signal } : {});

export const createClient = (input: ClientInput) => api.post<Client>('/api/clients', input);

export const updateClient = (clientId: string, input: ClientInput) =>
  api.put<Client>(clientPath(clientId), input);

export const deleteClient = (clientId: string) => api.delete<void>(clientPath(clientId));

/** The Undo of a delete: brings back the client with its content and grants. */
export const restoreClient = (clientId: string) => api.post<Client>(`${clientPath(clientId)}/restore`);

export async function fetchAccess(clientId: string): Promise<ClientAccess[]> {
  const { access } = await api.get<{ access: ClientAccess[] }>(`${clientPath(clientId)}/access`);
  return access;
}

export const grantAccess = (clientId: string, email: string) =>
  api.post<ClientAccess>(`${clientPath(clientId)}/access`, { email });

export const revokeAccess = (clientId: string, accessId: string) =>
  api.delete<void>(`${clientPath(clientId)}/access/${encodeURIComponent(accessId)}`);
