import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { type Entities, entities } from '#functions/data/entities';
import { findItem, putItem, queryAll } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import type { StatementLinkSummary } from '#shared/statement';

/**
 * Statement links (docs/decisions.md, "Client statements"): a link item in the client's partition and its
 * token's hash pointing at it, as review links are stored (functions/reviews/review-store.ts).
 */

export type StatementLinkRecord = FormattedItem<Entities['statementLink']>;

export function linkStateOf(link: StatementLinkRecord, now = new Date()): StatementLinkSummary['state'] {
  if (link.revokedAt) return 'revoked';
  return Date.parse(link.validUntil) <= now.getTime() ? 'expired' : 'open';
}

export function toLinkSummary(link: StatementLinkRecord, now = new Date()): StatementLinkSummary {
  return {
    linkId: link.linkId,
    month: link.month,
    createdAt: link.createdAt,
    createdBy: link.createdByEmail,
    expiresAt: link.validUntil,
    state: linkStateOf(link, now),
    revokedAt: link.revokedAt ?? null,
  };
}

/** The pointer first, then the link: a crash in between leaves a pointer to nothing (a dead link). */
export async function putStatementLink(link: StatementLinkRecord): Promise<void> {
  const { statementToken, statementLink } = entities();
  await putItem(
    statementToken,
    { tokenHash: link.tokenHash, clientId: link.clientId, linkId: link.linkId },
    { attr: 'tokenHash', exists: false },
  );
  await putItem(statementLink, link, { attr: 'linkId', exists: false });
}

/** The link a token's hash names, read consistently, so a revocation is seen by the next request. */
export async function findLinkByTokenHash(tokenHash: string): Promise<StatementLinkRecord | null> {
  const { statementToken, statementLink } = entities();
  const pointer = await findItem(statementToken, { tokenHash }, { consistent: true });
  if (!pointer) return null;
  const found = await findItem(
    statementLink,
    { clientId: pointer.clientId, linkId: pointer.linkId },
    { consistent: true },
  );
  return found && found.tokenHash === tokenHash ? found : null;
}

export function findStatementLink(clientId: string, linkId: string): Promise<StatementLinkRecord | null> {
  return findItem(entities().statementLink, { clientId, linkId }, { consistent: true });
}

/** Every statement link of a client, oldest first. */
export function listStatementLinks(clientId: string): Promise<StatementLinkRecord[]> {
  const { table, statementLink } = entities();
  return queryAll(
    statementLink,
    table
      .build(QueryCommand)
      .entities(statementLink)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: sortKeyPrefix('statementLink', 'linkId') },
      })
      .options({ consistent: true })
      .params(),
  );
}

/** Revokes a link; null when it was gone or already revoked. */
export async function revokeStatementLink(
  link: StatementLinkRecord,
  by: string,
  now = new Date(),
): Promise<StatementLinkRecord | null> {
  try {
    const { Attributes } = await entities()
      .statementLink.build(UpdateItemCommand)
      .item({ clientId: link.clientId, linkId: link.linkId, revokedAt: now.toISOString(), revokedBy: by })
      .options({
        condition: {
          and: [
            { attr: 'linkId', exists: true },
            { attr: 'revokedAt', exists: false },
          ],
        },
        returnValues: 'ALL_NEW',
      })
      .send();
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
