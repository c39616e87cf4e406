import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import { CLIENT_NOT_FOUND } from '#functions/clients/client-access';
import { adjustClientCounter } from '#functions/clients/client-counters';
import type { ClientRecord } from '#functions/clients/client-record';
import { isResourceId } from '#functions/clients/resource-id';
import type { Caller } from '#functions/commons/caller';
import { ConflictError, NotFoundError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import { putItem, queryAll } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import { normalizeEmail } from '#shared/email-domain';
import * as z from '#shared/validation/zod';
import type { AccessRecord } from './access-record';

/** Grants of a client to other staff, by e-mail. The client's `accessCount` follows every change. */

export const ACCESS_NOT_FOUND = 'Access grant not found';

/** Body of POST /api/clients/{clientId}/access: the address is validated and lower-cased. */
export const grantAccessSchema = z.object({
  email: z.pipe(
    z
      .string({ error: 'Please enter an e-mail address.' })
      .check(z.maxLength(254, 'Please enter a valid e-mail address.')),
    z.transform((value: string, context) => {
      if (value.trim() === '') {
        context.issues.push({ code: 'custom', message: 'Please enter an e-mail address.', input: value });
        return z.NEVER;
      }
      const email = normalizeEmail(value);
      if (!email) {
        context.issues.push({
          code: 'custom',
          message: 'Please enter a valid e-mail address.',
          input: value,
        });
        return z.NEVER;
      }
      return email;
    }),
  ),
});

export const accessAlreadyGranted = (email: string) => `Access already granted to ${email}`;
export const creatorAlreadyHasAccess = (email: string) =>
  `${email} created this client and already has access to it`;

export async function listGrants(clientId: string): Promise<AccessRecord[]> {
  const { table, access } = entities();
  const items = await queryAll(
    access,
    table
      .build(QueryCommand)
      .entities(access)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: sortKeyPrefix('access', 'userEmail') },
      })
      .params(),
  );
  return items.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

export async function grantAccess(
  client: ClientRecord,
  caller: Caller,
  email: string,
): Promise<AccessRecord> {
  // The creator always has access; a grant to them would be a row that changes nothing.
  if (client.createdByEmail && email === client.createdByEmail.toLowerCase()) {
    throw new ConflictError(creatorAlreadyHasAccess(email), 'already_has_access');
  }
  const { access } = entities();
  let grant: AccessRecord;
  try {
    grant = await putItem(
      access,
      {
        clientId: client.clientId,
        userEmail: email,
        accessId: ulid(),
        grantedBy: caller.userId,
        grantedByEmail: caller.email,
        createdAt: new Date().toISOString(),
      },
      { attr: 'userEmail', exists: false },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(accessAlreadyGranted(email), 'already_granted');
    throw error;
  }
  if (!(await adjustClientCounter(client.clientId, 'accessCount', 1))) {
    await access.build(DeleteItemCommand).key({ clientId: client.clientId, userEmail: email }).send();
    throw new NotFoundError(CLIENT_NOT_FOUND);
  }
  return grant;
}

/** Removes the grant `accessId` of this client; another client's grant id is simply not found here. */
export async function revokeAccess(clientId: string, accessId: string): Promise<AccessRecord> {
  if (!isResourceId(accessId)) throw new NotFoundError(ACCESS_NOT_FOUND);
  const grant = (await listGrants(clientId)).find((candidate) => candidate.accessId === accessId);
  if (!grant) throw new NotFoundError(ACCESS_NOT_FOUND);
  try {
    await entities()
      .access.build(DeleteItemCommand)
      .key({ clientId, userEmail: grant.userEmail })
      // A revoke followed by a new grant to the same e-mail must not lose the newer grant.
      .options({ condition: { attr: 'accessId', eq: accessId } })
      .send();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(ACCESS_NOT_FOUND);
    throw error;
  }
  await adjustClientCounter(clientId, 'accessCount', -1);
  return grant;
}
