import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Entities } from '#functions/data/entities';

/** A grant as stored: one per client and lower-cased e-mail (the e-mail is the sort key). */
export type AccessRecord = FormattedItem<Entities['access']>;

/** A row of client_user_access (spec 000 §3) as the API returns it; `granted_by` is the granter's user id. */
export interface ClientAccess {
  id: string;
  client_id: string;
  user_email: string;
  granted_by: string;
  created_at: string;
}

export function toClientAccess(record: AccessRecord): ClientAccess {
  return {
    id: record.accessId,
    client_id: record.clientId,
    user_email: record.userEmail,
    granted_by: record.grantedBy,
    created_at: record.createdAt,
  };
}
