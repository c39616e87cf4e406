import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as deleteContent } from './delete-content';
import { handler as getContent } from './get-content';
import { handler as getVersion } from './get-version';
import { handler as listContent } from './list-content';
import { handler as listVersions } from './list-versions';
import { handler as restoreContent } from './restore-content';
import { handler as setDueDate } from './set-due-date';

/**
 * The Content function: a client's library, /api/clients/{clientId}/content[/…] (contract/routes.ts), but
 * for the saves of new versions (save-routes.ts, the ContentSaves function).
 */
export const handler = dispatchRoutes('Content', {
  ListContent: listContent,
  GetContent: getContent,
  DeleteContent: deleteContent,
  RestoreContent: restoreContent,
  ListContentVersions: listVersions,
  GetContentVersion: getVersion,
  SetContentDueDate: setDueDate,
});
