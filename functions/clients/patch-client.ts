import { clientPatchSchema } from '#shared/client-input';
import { clientUpdateHandler } from './update-client';

/**
 * PATCH /api/clients/{clientId}: changes the fields the body names and keeps the others (null or blank
 * clears one). Open to API keys, as the public API's way to edit a client.
 */
export const handler = clientUpdateHandler(clientPatchSchema);
