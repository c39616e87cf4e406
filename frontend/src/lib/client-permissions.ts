import type { Client } from '#shared/client';

/**
 * Whether the signed-in user manages this client: its creator or an admin. They manage its grants and
 * budget and may delete it; a colleague with a grant may not (the server answers 403), so the app does
 * not offer it. The clients page and the tools' client pickers (the budget warning) both ask this.
 */
export function canManageClient(
  user: { readonly id: string; readonly isAdmin: boolean } | null,
  client: Partial<Pick<Client, 'created_by'>>,
): boolean {
  return (
    user !== null && (user.isAdmin || (client.created_by !== undefined && client.created_by === user.id))
  );
}
