import type { AwsRequest } from './access-check';
import { FunctionAccess } from './access-check';
import type { LocalIdentities } from './identities';
import type { LocalTemplate } from './local-resources';
import { type PolicyDocument, type StackFunction, stackFunction } from './stack-functions';

/**
 * The local runtime's IAM: every AWS call a function makes is evaluated against that function's role
 * as the CDK app synthesizes it, and refused as AWS refuses it when the role does not allow it
 * (docs/architecture.md, "Parity with AWS", docs/decisions.md "IAM enforced locally"). The runtime's own credential (bootstrap,
 * recovery, tests' set-up) is the account's administrator and is not evaluated.
 *
 * `IAM_ENFORCEMENT=off` turns the refusals off (each would-be denial is still logged): for the bench's
 * comparison and for diagnosis only; no test runs with it.
 */

export interface Denial {
  readonly functionId: string;
  readonly action: string;
  readonly resource: string;
  /** AWS's wording: `User: <role session> is not authorized to perform: <action> on resource: <arn> …`. */
  readonly message: string;
}

export type Verdict =
  | { readonly kind: 'allowed' }
  | { readonly kind: 'denied'; readonly denial: Denial }
  | { readonly kind: 'unknown-key'; readonly keyId: string };

export function enforcementEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return (env.IAM_ENFORCEMENT ?? 'on').toLowerCase() !== 'off';
}

export class IamEnforcement {
  private readonly functions = new Map<string, StackFunction>();
  private readonly access = new Map<string, FunctionAccess>();
  /** Inline policies put on a role while the runtime runs (putRolePolicy), by function and name. */
  private readonly addedPolicies = new Map<string, Map<string, PolicyDocument>>();

  constructor(
    readonly template: LocalTemplate,
    readonly identities: LocalIdentities,
    readonly enabled: boolean,
    private readonly log: (line: string) => void,
  ) {}

  /** The function as the stack defines it (environment, role, timeout, memory). */
  stackFunction(functionId: string): StackFunction {
    let fn = this.functions.get(functionId);
    if (!fn) {
      const synthesized = stackFunction(this.template, functionId);
      const added = [...(this.addedPolicies.get(functionId) ?? new Map())].map(([name, document]) => ({
        name,
        document,
      }));
      fn = { ...synthesized, policies: [...synthesized.policies, ...added] };
      this.functions.set(functionId, fn);
    }
    return fn;
  }

  /**
   * Puts an inline policy on the function's role, as `iam:PutRolePolicy` does in AWS: the function's
   * next calls are evaluated with it (a Deny statement refuses what the stack grants). Tests use it to
   * make a dependency refuse a call for a while, the way a changed role or a deleted queue does.
   */
  putRolePolicy(functionId: string, name: string, document: PolicyDocument): void {
    const added = this.addedPolicies.get(functionId) ?? new Map<string, PolicyDocument>();
    added.set(name, document);
    this.addedPolicies.set(functionId, added);
    this.forget(functionId);
  }

  /** Removes a policy putRolePolicy added (`iam:DeleteRolePolicy`). */
  deleteRolePolicy(functionId: string, name: string): void {
    this.addedPolicies.get(functionId)?.delete(name);
    this.forget(functionId);
  }

  private forget(functionId: string): void {
    this.functions.delete(functionId);
    this.access.delete(functionId);
  }

  private accessOf(functionId: string): FunctionAccess {
    let access = this.access.get(functionId);
    if (!access) {
      access = new FunctionAccess(this.stackFunction(functionId));
      this.access.set(functionId, access);
    }
    return access;
  }

  /** Whether the function's role allows `request`, without logging (a look-up, not a call). */
  async allowsQuietly(functionId: string, request: AwsRequest): Promise<boolean> {
    return (await this.accessOf(functionId).decide(request)).allowed;
  }

  /** Whether the function's role allows every one of `requests` (all are evaluated; the first denial counts). */
  async decideFor(functionId: string, requests: readonly AwsRequest[]): Promise<Denial | null> {
    const access = this.accessOf(functionId);
    for (const request of requests) {
      const decision = await access.decide(request);
      if (decision.allowed) continue;
      const because =
        decision.reason === 'ExplicitlyDenied'
          ? `with an explicit deny in an identity-based policy`
          : decision.reason === 'ImplicitlyDenied'
            ? `because no identity-based policy allows the ${request.action} action`
            : `because the request could not be evaluated: ${decision.reason}`;
      const denial: Denial = {
        functionId,
        action: request.action,
        resource: request.resource,
        message: `User: ${access.principal} is not authorized to perform: ${request.action} on resource: ${request.resource} ${because}`,
      };
      this.log(
        `IAM ${this.enabled ? 'denied' : 'would deny (enforcement off)'}: function ${functionId} may not ${request.action} on ${request.resource}`,
      );
      return this.enabled ? denial : null;
    }
    return null;
  }

  /** The verdict on a signed call: by the runtime (allowed), by a function (evaluated), or by a stranger. */
  async check(keyId: string | null, requests: readonly AwsRequest[]): Promise<Verdict> {
    if (requests.length === 0 || keyId === null) return { kind: 'allowed' };
    const caller = this.identities.whose(keyId);
    if (caller === null) return { kind: 'unknown-key', keyId };
    if (caller === 'runtime') return { kind: 'allowed' };
    const denial = await this.decideFor(caller.functionId, requests);
    return denial ? { kind: 'denied', denial } : { kind: 'allowed' };
  }
}
