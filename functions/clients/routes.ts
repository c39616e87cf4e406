import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as allowExtraJob } from './allow-extra-job';
import { handler as createClient } from './create-client';
import { handler as deleteClient } from './delete-client';
import { handler as getClient } from './get-client';
import { handler as listClients } from './list-clients';
import { handler as patchClient } from './patch-client';
import { handler as restoreClient } from './restore-client';
import { handler as setBudget } from './set-budget';
import { handler as updateClient } from './update-client';

/** The Clients function: /api/clients, /api/clients/{clientId} and its budget (contract/routes.ts). */
export const handler = dispatchRoutes('Clients', {
  ListClients: listClients,
  CreateClient: createClient,
  GetClient: getClient,
  UpdateClient: updateClient,
  PatchClient: patchClient,
  DeleteClient: deleteClient,
  RestoreClient: restoreClient,
  SetClientBudget: setBudget,
  AllowExtraJob: allowExtraJob,
});
