import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 acknowledgements go through CDK's own `Validations.of(scope).acknowledge`, and a granular
 * finding (IAM4/IAM5) must be named exactly as cdk-nag renders it, e.g.
 * `AwsSolutions-IAM5[Resource::<MediaBucket1234.Arn>/*]`. These helpers build that name from the very
 * token the grant used, so renaming a construct cannot silently orphan an acknowledgement.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Same flattening as cdk-nag's `flattenCfnReference`. */
export function nagReference(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (isRecord(value)) {
    const join = value['Fn::Join'];
    if (Array.isArray(join) && typeof join[0] === 'string' && Array.isArray(join[1])) {
      return join[1].map(nagReference).join(join[0]);
    }
    if ('Fn::Sub' in value) return nagReference(value['Fn::Sub']);
    const getAtt = value['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return `<${nagReference(getAtt[0])}.${nagReference(getAtt[1])}>`;
    if ('Fn::ImportValue' in value) return nagReference(value['Fn::ImportValue']);
    if ('Ref' in value) return `<${nagReference(value.Ref)}>`;
  }
  return JSON.stringify(value);
}

export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/** Acknowledges the IAM5 finding for one wildcard resource (an ARN that may hold tokens). */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, reason: string): void {
  const rendered = nagReference(Stack.of(scope).resolve(arn));
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${rendered}]`, reason);
}

export function acknowledgeManagedPolicy(scope: IConstruct, policyArn: string, reason: string): void {
  const rendered = nagReference(Stack.of(scope).resolve(policyArn));
  acknowledge(scope, `AwsSolutions-IAM4[Policy::${rendered}]`, reason);
}

/**
 * The IAM5 findings cdk-nag would report for one policy document (same analysis: allowed statements,
 * actions or flattened resources holding `*`).
 */
export function wildcardFindings(scope: IConstruct, document: unknown): string[] {
  const resolved: unknown = Stack.of(scope).resolve(document);
  const statements = isRecord(resolved) && Array.isArray(resolved.Statement) ? resolved.Statement : [];
  const findings = new Set<string>();
  const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
  for (const statement of statements) {
    if (!isRecord(statement) || statement.Effect !== 'Allow') continue;
    for (const action of asList(statement.Action)) {
      if (typeof action === 'string' && action.includes('*')) findings.add(`Action::${action}`);
    }
    for (const resource of asList(statement.Resource)) {
      const rendered = nagReference(resource);
      if (rendered.includes('*')) findings.add(`Resource::${rendered}`);
    }
  }
  return [...findings];
}
