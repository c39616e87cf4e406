import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableArn } from '#local/iam/local-resources';
import type { CfnTemplate } from '#local/iam/stack-template';
import type { CreatedApiKey } from '#shared/api-keys';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * IAM enforced locally (docs/decisions.md, "IAM enforced locally"): every AWS call a function makes is
 * evaluated against its role as the CDK app synthesizes it. The three calls a review of the template found
 * missing (the media queue, tags on media uploads, the API-key rate limit on read-only routes) each fail here
 * with their grant removed from the stack, and pass with it.
 */

type Statement = { Action: string | string[]; Effect: string; Resource: unknown };

/** The template with `action` taken out of every statement of `logicalId`'s role. */
function withoutPermission(functionLogicalId: string, action: string) {
  return (template: CfnTemplate): CfnTemplate => {
    const copy = structuredClone(template) as CfnTemplate;
    const roleOf = copy.Resources[functionLogicalId]?.Properties?.Role as
      | { 'Fn::GetAtt': string[] }
      | undefined;
    const role = roleOf?.['Fn::GetAtt'][0] ?? '';
    const policies = (copy.Resources[role]?.Properties?.Policies ?? []) as Array<{
      PolicyDocument: { Statement: Statement[] };
    }>;
    for (const policy of policies) {
      policy.PolicyDocument.Statement = policy.PolicyDocument.Statement.flatMap((statement) => {
        const actions = (Array.isArray(statement.Action) ? statement.Action : [statement.Action]).filter(
          (candidate) => candidate !== action,
        );
        return actions.length > 0 ? [{ ...statement, Action: actions }] : [];
      });
    }
    return copy;
  };
}

describe('a permission removed from a synthesized role', () => {
  let app: TestRuntime;
  const lines: string[] = [];

  beforeAll(async () => {
    app = await startTestRuntime({
      adjustTemplate: withoutPermission('ApiKeysFunction', 'dynamodb:PutItem'),
      log: (line) => lines.push(line),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('refuses the matching call as AWS does, and logs the function, action and resource', async () => {
    const user = await app.createUser();
    const created = await app.request('POST', '/api/api-keys', {
      token: user.idToken,
      body: { name: 'Denied' },
    });
    expect(created.status).toBe(500);
    const table = tableArn('lbm-studio');
    expect(lines).toContain(`IAM denied: function ApiKeys may not dynamodb:PutItem on ${table}`);
    // The same role still reads: only the one permission went.
    expect((await app.request('GET', '/api/api-keys', { token: user.idToken })).status).toBe(200);
    const denial = await app.runtime.enforcement.decideFor('ApiKeys', [
      { action: 'dynamodb:PutItem', resource: table },
    ]);
    expect(denial?.message).toMatch(
      /^User: arn:aws:sts::000000000000:assumed-role\/FunctionsApiKeysRole\w+\/ApiKeysFunction is not authorized to perform: dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:000000000000:table\/lbm-studio because no identity-based policy allows the dynamodb:PutItem action$/,
    );
  });
});

describe('the grants the deploy review found missing', () => {
  let app: TestRuntime;
  let user: TestUser;
  let key: string;
  const denials: string[] = [];

  beforeAll(async () => {
    app = await startTestRuntime({
      log: (line) => {
        if (line.startsWith('IAM denied')) denials.push(line);
      },
    });
    user = await app.createUser();
    const created = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
      token: user.idToken,
      body: { name: 'Integrator' },
    });
    key = created.body.key;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('GBP image, social image and Multi-Platform send to the media queue', async () => {
    const gbp = await app.request<{ jobId: string }>('POST', '/api/generate-gbp-image', {
      token: user.idToken,
      body: { prompt: 'A birthday cake with candles', dimensions: '1536x1024' },
    });
    expect(gbp.status, JSON.stringify(gbp.body)).toBe(202);
    const social = await app.request<{ jobId: string }>('POST', '/api/generate-social-image', {
      token: user.idToken,
      body: { prompt: 'A sunny storefront', dimensions: '1200x630' },
    });
    expect(social.status, JSON.stringify(social.body)).toBe(202);
    expect((await waitForJob(app, user.idToken, gbp.body.jobId, undefined, 60_000)).status).toBe('succeeded');
    expect(denials.filter((line) => line.includes('sqs:SendMessage'))).toEqual([]);
  });

  it('media is written with its retention tag (s3:PutObjectTagging)', async () => {
    const image = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
      token: user.idToken,
      body: { prompt: 'A lighthouse at dusk', model: 'gpt-image-1', size: '1024x1024' },
    });
    expect(image.status, JSON.stringify(image.body)).toBe(202);
    const job = await waitForJob(app, user.idToken, image.body.jobId, undefined, 60_000);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(denials.filter((line) => line.includes('s3:'))).toEqual([]);
  });

  it('the public API reads a job with an lbm_ key', async () => {
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-faq', {
      token: key,
      body: { topic: 'Winter tyres', model: 'gpt-4o', numberOfQuestions: 3 },
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const read = await app.request('GET', `/api/jobs/${queued.body.jobId}`, { token: key });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(denials.filter((line) => line.includes('GetJob'))).toEqual([]);
  });
});
