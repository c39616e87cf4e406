import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createContent } from './create-content';
import { handler as deleteContent } from './delete-content';
import { handler as getContent } from './get-content';
import { handler as getVersion } from './get-version';
import { handler as listContent } from './list-content';
import { handler as listVersions } from './list-versions';
import { handler as restoreContent } from './restore-content';
import { handler as restoreVersion } from './restore-version';
import { handler as setDueDate } from './set-due-date';
import { handler as updateContent } from './update-content';

/** The Content function: a client's library, /api/clients/{clientId}/content[/…] (infra/routes.ts). */
export const handler = dispatchRoutes('Content', {
  ListContent: listContent,
  CreateContent: createContent,
  GetContent: getContent,
  UpdateContent: updateContent,
  DeleteContent: deleteContent,
  RestoreContent: restoreContent,
  ListContentVersions: listVersions,
  GetContentVersion: getVersion,
  RestoreContentVersion: restoreVersion,
  SetContentDueDate: setDueDate,
});
