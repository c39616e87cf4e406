import type { CdkCustomResourceEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPromotionProperties } from '#contract/admin-promotion';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { handler } from '#functions/auth/admin-promotion';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Admins for existing users, and grants checked both ways": the one custom resource that
 * holds `adminEmails` (infra/admin-promotion.ts), its handler run as CDK's provider framework runs it,
 * against the local Cognito: users who have an account join the admins group, the others are skipped, and an
 * address taken off the list leaves the group.
 */

let app: TestRuntime;

beforeAll(async () => {
  app = await startTestRuntime();
});

afterAll(async () => {
  await app?.stop();
});

type Event = CdkCustomResourceEvent<AdminPromotionProperties & { ServiceToken: string }>;

const common = {
  ServiceToken: 'arn:aws:lambda:us-east-1:000000000000:function:framework-onEvent',
  ResponseURL: 'https://cloudformation-custom-resource-response.example/',
  StackId: 'arn:aws:cloudformation:us-east-1:000000000000:stack/LbmStudio/1',
  RequestId: 'request',
  LogicalResourceId: 'AuthAdminPromotionAdmins',
  ResourceType: 'Custom::AdminPromotion',
} as const;

const propertiesOf = (emails: string[]) => ({
  ServiceToken: common.ServiceToken,
  UserPoolId: app.runtime.config.userPoolId,
  GroupName: ADMIN_GROUP_NAME,
  AdminEmails: emails,
});

/** Whether a fresh sign-in's ID token carries the admins group. */
async function isAdmin(email: string): Promise<boolean> {
  const { idToken } = await app.signIn(email, 'Secret-123');
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    'cognito:groups'?: string[];
  };
  return (claims['cognito:groups'] ?? []).includes(ADMIN_GROUP_NAME);
}

describe('admin promotion on deploy', () => {
  it('adds the listed users, skips who has no account, and takes out who leaves the list', async () => {
    const domain = app.runtime.settings.allowedEmailDomain;
    const [alice, bob] = await Promise.all([app.createUser(), app.createUser()]);
    if (!alice || !bob) throw new Error('users not created');
    const ghost = `not-signed-up@${domain}`;
    expect(await isAdmin(alice.email)).toBe(false);

    const create: Event = {
      ...common,
      RequestType: 'Create',
      ResourceProperties: propertiesOf([alice.email, ghost]),
    };
    const created = await handler(create);
    expect(created.Data).toEqual({ added: 1, removed: 0, notSignedUp: 1 });
    expect(await isAdmin(alice.email)).toBe(true);
    expect(await isAdmin(bob.email)).toBe(false);

    const update: Event = {
      ...common,
      RequestType: 'Update',
      PhysicalResourceId: String(created.PhysicalResourceId),
      ResourceProperties: propertiesOf([bob.email, ghost]),
      OldResourceProperties: propertiesOf([alice.email, ghost]),
    };
    const updated = await handler(update);
    // The same physical id: CloudFormation sees an update, never a replacement.
    expect(updated.PhysicalResourceId).toBe(created.PhysicalResourceId);
    expect(updated.Data).toEqual({ added: 1, removed: 1, notSignedUp: 1 });
    expect(await isAdmin(alice.email)).toBe(false);
    expect(await isAdmin(bob.email)).toBe(true);

    const remove: Event = {
      ...common,
      RequestType: 'Delete',
      PhysicalResourceId: String(created.PhysicalResourceId),
      ResourceProperties: propertiesOf([bob.email, ghost]),
    };
    expect((await handler(remove)).Data).toEqual({ added: 0, removed: 1, notSignedUp: 0 });
    expect(await isAdmin(bob.email)).toBe(false);
  });
});
