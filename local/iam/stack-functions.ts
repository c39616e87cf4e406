import type { LocalTemplate } from './local-resources';

/**
 * A Lambda function of the synthesized stack, read locally: its environment and its role's policies
 * with every intrinsic resolved to the local resources (local-resources.ts), its timeout and memory.
 */

export interface PolicyDocument {
  readonly Version?: string;
  readonly Statement: unknown;
}

export interface StackFunction {
  /** The route table's id (`GetJob`, `Worker`, `PostConfirmation`): the logical id without `Function`. */
  readonly id: string;
  readonly logicalId: string;
  /** The execution role's logical id. */
  readonly role: string;
  readonly environment: Readonly<Record<string, string>>;
  /** The role's inline policies and the AWS::IAM::Policy resources attached to it, by name. */
  readonly policies: ReadonlyArray<{ readonly name: string; readonly document: PolicyDocument }>;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

export function stackFunction(local: LocalTemplate, id: string): StackFunction {
  const logicalId = `${id}Function`;
  const resource = local.template.Resources[logicalId];
  if (resource?.Type !== 'AWS::Lambda::Function') {
    throw new Error(`The synthesized stack has no function ${logicalId}`);
  }
  const properties = resource.Properties ?? {};
  const roleAttribute = isRecord(properties.Role) ? properties.Role['Fn::GetAtt'] : undefined;
  const role = Array.isArray(roleAttribute) ? String(roleAttribute[0]) : undefined;
  if (!role) throw new Error(`${logicalId} has no execution role of the stack`);
  const policies: Array<{ name: string; document: PolicyDocument }> = [];
  for (const policy of asArray(local.template.Resources[role]?.Properties?.Policies)) {
    if (!isRecord(policy)) continue;
    policies.push({
      name: String(policy.PolicyName),
      document: local.resolve(policy.PolicyDocument) as PolicyDocument,
    });
  }
  for (const [policyId, policy] of Object.entries(local.template.Resources)) {
    if (policy.Type !== 'AWS::IAM::Policy') continue;
    const roles = asArray(policy.Properties?.Roles);
    if (!roles.some((entry) => isRecord(entry) && entry.Ref === role)) continue;
    policies.push({
      name: policyId,
      document: local.resolve(policy.Properties?.PolicyDocument) as PolicyDocument,
    });
  }
  const variables = isRecord(properties.Environment) ? properties.Environment.Variables : undefined;
  const environment = Object.fromEntries(
    Object.entries(isRecord(variables) ? variables : {}).map(([name, value]) => [
      name,
      String(local.resolve(value)),
    ]),
  );
  return {
    id,
    logicalId,
    role,
    environment,
    policies,
    timeoutSeconds: Number(properties.Timeout ?? 3),
    memoryMb: Number(properties.MemorySize ?? 128),
  };
}
