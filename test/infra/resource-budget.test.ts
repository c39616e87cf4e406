import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { type HttpFunction, type HttpRoute, httpFunctions, httpRoutes } from '#contract/routes';
import { buildApp, type CfnResource, resourcesOf, TEST_DOMAIN } from './fixture';

/**
 * docs/architecture.md, "Budgets": CloudFormation refuses a stack of more than 500 resources, and the
 * stack stays under 440 (was 400, then 420; see RESOURCE_BUDGET) with 10 admin e-mails, an alarm address and the third wave's routes (about 15
 * more, in new functions for versions, reviews, usage, budgets and batches). Routes share their
 * resource's function (contract/routes.ts), each function holds its grants in its role
 * (infra/inline-policy-role.ts), and one custom resource holds every admin (infra/admin-promotion.ts).
 */

/**
 * 400 until the settings, statements, scheduled feeder and activity index fill added four functions
 * (about 20 resources); 420 until the notifications added four routes (on the Reviews function)
 * and the scheduled review reminders (a function, its rule and its permission: 11 resources, 418 today,
 * 427 with the third wave); 440 keeps 60 under CloudFormation's limit. The publishing channels, webhooks
 * and MCP will need functions of their own: before them, routes move into shared functions or the
 * stack splits (docs/decisions.md, "Client statements", "Notifications"). 460 since the publishing channels
 * (a function of twelve routes, the scheduled publisher, its rule and the apps' secret: 24 resources, 442
 * today): 40 under CloudFormation's limit, which webhooks and MCP must not spend; they came as routes on
 * existing functions. 470 since the sealed replies' KMS key (one resource, docs/decisions.md,
 * "Idempotency-Key on every create"; 460 with the third wave): 30 under the limit, and the next function
 * comes after the stack splits its HTTP routes into a nested stack of their own.
 */
const RESOURCE_BUDGET = 470;
/** Built as bin/app.ts builds it: the main stack in a region, its web ACL in a us-east-1 stack of its own. */
const DEPLOY_REGION = 'eu-west-1';
const CLOUDFORMATION_LIMIT = 500;

/** What a deploy with many admins and an alarm address synthesizes. */
const ADMINS = Array.from({ length: 10 }, (_, index) => `admin${index}@${TEST_DOMAIN}`).join(',');
const BUSY_CONTEXT = { adminEmails: ADMINS, alarmEmail: `ops@${TEST_DOMAIN}` };

/**
 * The rest of the third wave as it will likely land: a new function of three routes, plus one more
 * route on an existing function (Reviews, Usage and Batches have landed, budgets on the Clients
 * function: they are in httpRoutes). Their handler files are stand-ins (synthesis does not bundle here).
 */
function thirdWave(): HttpRoute[] {
  const content = httpFunctions.find((fn) => fn.id === 'Content');
  if (!content) throw new Error('no Content function');
  const extra: HttpRoute[] = [
    { id: 'ListContentVersions', method: 'GET', path: '/api/next/versions', auth: 'user', function: content },
  ];
  for (const name of ['Schedules']) {
    const fn: HttpFunction = { id: `Next${name}`, entry: content.entry };
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      extra.push({
        id: `${method}${name}`,
        method,
        path: `/api/next/${name.toLowerCase()}`,
        auth: 'user',
        function: fn,
      });
    }
  }
  return extra;
}

function countByType(resources: Record<string, CfnResource>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { Type } of Object.values(resources)) counts.set(Type, (counts.get(Type) ?? 0) + 1);
  return counts;
}

/** The logical ids a resource refers to: Ref, Fn::GetAtt, ${Id} in Fn::Sub, and DependsOn. */
function referencesOf(resource: CfnResource, ids: ReadonlySet<string>): Set<string> {
  const found = new Set<string>(resource.DependsOn ?? []);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') found.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner) && typeof inner[0] === 'string')
        found.add(inner[0]);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(inner) ? inner[0] : inner;
        for (const match of String(text).matchAll(/\$\{([^}.!]+)/g)) if (match[1]) found.add(match[1]);
        visit(inner);
      } else visit(inner);
    }
  };
  visit(resource.Properties);
  return new Set([...found].filter((id) => ids.has(id)));
}

/** A dependency cycle among the resources, as a path of logical ids, or null when there is none. */
function dependencyCycle(resources: Record<string, CfnResource>): string[] | null {
  const ids = new Set(Object.keys(resources));
  const edges = new Map([...ids].map((id) => [id, referencesOf(resources[id] as CfnResource, ids)]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const walk = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = walk(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of ids) {
    const cycle = walk(id);
    if (cycle) return cycle;
  }
  return null;
}

let busy: Record<string, CfnResource> | undefined;
let grown: Record<string, CfnResource> | undefined;
const synthesize = (routes?: readonly HttpRoute[]) =>
  resourcesOf(
    Template.fromStack(
      buildApp({ context: BUSY_CONTEXT, region: DEPLOY_REGION, ...(routes ? { httpRoutes: routes } : {}) })
        .stack,
    ),
  );
const busyStack = () => (busy ??= synthesize());
const grownStack = () => (grown ??= synthesize([...httpRoutes, ...thirdWave()]));

describe('CloudFormation resource budget', () => {
  it(`stays under ${RESOURCE_BUDGET} with 10 admins, an alarm address and the third wave's routes`, () => {
    const today = Object.keys(busyStack()).length;
    const withThirdWave = Object.keys(grownStack()).length;
    expect(today, `${today} resources today`).toBeLessThan(RESOURCE_BUDGET);
    expect(withThirdWave, `${withThirdWave} resources with the third wave`).toBeLessThan(RESOURCE_BUDGET);
    expect(RESOURCE_BUDGET).toBeLessThan(CLOUDFORMATION_LIMIT);
  });

  it('costs one resource per route added to a function, five per new function', () => {
    const before = countByType(busyStack());
    const after = countByType(grownStack());
    const added: Record<string, number> = {};
    for (const [type, count] of after) {
      const delta = count - (before.get(type) ?? 0);
      if (delta !== 0) added[type] = delta;
    }
    // 4 routes, 3 of them in a new function: every route is an API route and nothing more; a new
    // function is its Lambda, role (grants inside), log group, integration and invoke permission.
    expect(added).toEqual({
      'AWS::ApiGatewayV2::Route': 4,
      'AWS::Lambda::Function': 1,
      'AWS::IAM::Role': 1,
      'AWS::Logs::LogGroup': 1,
      'AWS::ApiGatewayV2::Integration': 1,
      'AWS::Lambda::Permission': 1,
    });
  });

  it('does not grow with the admin list', () => {
    const oneAdmin = resourcesOf(
      Template.fromStack(
        buildApp({ context: { alarmEmail: `ops@${TEST_DOMAIN}` }, region: DEPLOY_REGION }).stack,
      ),
    );
    expect(Object.keys(oneAdmin)).toHaveLength(Object.keys(busyStack()).length);
  });

  it('has no dependency cycle, grants in roles included', () => {
    expect(dependencyCycle(busyStack())).toBeNull();
    const cyclic: Record<string, CfnResource> = {
      A: { Type: 'T', Properties: { X: { 'Fn::GetAtt': ['B', 'Arn'] } } },
      B: { Type: 'T', Properties: { Y: { 'Fn::Sub': ['arn:$', '{C.Arn}'].join('') } } },
      C: { Type: 'T', DependsOn: ['A'] },
    };
    expect(dependencyCycle(cyclic)).toEqual(['A', 'B', 'C', 'A']);
  });
});
