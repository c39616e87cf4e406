import { runSimulation } from '@cloud-copilot/iam-simulate';
import { LOCAL_ACCOUNT } from './local-resources';
import type { StackFunction } from './stack-functions';

/**
 * Whether a function's role allows one request, decided by @cloud-copilot/iam-simulate (an IAM
 * evaluator kept current with AWS's actions, resource types and condition keys) from the role's
 * policies as synthesized. A development dependency only: it never reaches a Lambda bundle
 * (test/infra/iam-simulator-boundary.test.ts).
 *
 * Decisions are remembered per action, resource and the condition keys the role's policies name: a key
 * no statement names cannot change the outcome, so it is neither passed nor part of the memo's key.
 */

export interface AwsRequest {
  /** `service:Action`, as IAM names it. */
  readonly action: string;
  readonly resource: string;
  /** Condition keys AWS sets for this request (`dynamodb:LeadingKeys`, `s3:RequestObjectTagKeys`…). */
  readonly context?: Readonly<Record<string, string | readonly string[]>>;
  /** The resource's own policy where the service requires one (a KMS key's key policy). */
  readonly resourcePolicy?: unknown;
}

export interface AccessDecision {
  readonly allowed: boolean;
  /** Why not: the evaluator's result (`ImplicitlyDenied`, `ExplicitlyDenied`) or its validation error. */
  readonly reason: string;
}

const MEMO_LIMIT = 5_000;

function conditionKeysOf(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) conditionKeysOf(item, keys);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [name, inner] of Object.entries(value)) {
    if (name === 'Condition' && typeof inner === 'object' && inner !== null) {
      for (const operands of Object.values(inner)) {
        for (const key of Object.keys(operands as object)) keys.add(key.toLowerCase());
      }
    } else {
      conditionKeysOf(inner, keys);
    }
  }
}

export class FunctionAccess {
  private readonly conditionKeys = new Set<string>();
  private readonly memo = new Map<string, Promise<AccessDecision>>();
  readonly principal: string;

  constructor(readonly fn: StackFunction) {
    conditionKeysOf(
      fn.policies.map((policy) => policy.document),
      this.conditionKeys,
    );
    this.principal = `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${fn.role}/${fn.logicalId}`;
  }

  /** The context keys of `request` that some statement of the role names. */
  private relevantContext(request: AwsRequest): Record<string, string | string[]> {
    const context: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(request.context ?? {})) {
      if (this.conditionKeys.has(key.toLowerCase()))
        context[key] = typeof value === 'string' ? value : [...value];
    }
    return context;
  }

  decide(request: AwsRequest): Promise<AccessDecision> {
    const context = this.relevantContext(request);
    const memoKey = JSON.stringify([
      request.action,
      request.resource,
      context,
      request.resourcePolicy ?? null,
    ]);
    let decision = this.memo.get(memoKey);
    if (!decision) {
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      decision = this.simulate(request, context);
      this.memo.set(memoKey, decision);
    }
    return decision;
  }

  private async simulate(
    request: AwsRequest,
    context: Record<string, string | string[]>,
  ): Promise<AccessDecision> {
    const result = await runSimulation(
      {
        identityPolicies: this.fn.policies.map((policy) => ({
          name: policy.name,
          policy: policy.document as never,
        })),
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        ...(request.resourcePolicy ? { resourcePolicy: request.resourcePolicy as never } : {}),
        request: {
          action: request.action,
          principal: `arn:aws:iam::${LOCAL_ACCOUNT}:role/${this.fn.role}`,
          resource: { accountId: LOCAL_ACCOUNT, resource: request.resource },
          contextVariables: context,
        },
      },
      {},
    );
    if (result.resultType === 'error') return { allowed: false, reason: result.errors.message };
    return { allowed: result.overallResult === 'Allowed', reason: result.overallResult };
  }
}
