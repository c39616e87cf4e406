/**
 * The properties of the admins-group custom resource: the stack sets them (infra/admin-promotion.ts)
 * and its handler reads them (functions/auth/admin-promotion.ts).
 */
export interface AdminPromotionProperties {
  readonly UserPoolId: string;
  readonly GroupName: string;
  /** Lower-cased addresses, as infra/config.ts reads them. */
  readonly AdminEmails: readonly string[];
}
