import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAdminInUserPool } from './admin-membership';

/**
 * Group pages, which the Cognito emulator never makes (the integration tests run the one-page case
 * against it), come from aws-sdk-client-mock.
 */

const cognito = mockClient(CognitoIdentityProviderClient);

beforeEach(() => {
  cognito.reset();
  vi.stubEnv('USER_POOL_ID', 'eu-west-1_pool');
  vi.stubEnv('ADMIN_GROUP', 'admins');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('isAdminInUserPool', () => {
  it('follows the group pages until it finds the admins group', async () => {
    cognito
      .on(AdminListGroupsForUserCommand)
      .resolvesOnce({ Groups: [{ GroupName: 'editors' }], NextToken: 'page-2' })
      .resolvesOnce({ Groups: [{ GroupName: 'admins' }], NextToken: 'page-3' });
    expect(await isAdminInUserPool('user-sub')).toBe(true);
    expect(cognito.commandCalls(AdminListGroupsForUserCommand).map((call) => call.args[0].input)).toEqual([
      { UserPoolId: 'eu-west-1_pool', Username: 'user-sub', Limit: 60, NextToken: undefined },
      { UserPoolId: 'eu-west-1_pool', Username: 'user-sub', Limit: 60, NextToken: 'page-2' },
    ]);
  });

  it('is false when no page lists the group', async () => {
    cognito
      .on(AdminListGroupsForUserCommand)
      .resolvesOnce({ Groups: [{ GroupName: 'editors' }], NextToken: 'page-2' })
      .resolvesOnce({ Groups: [] });
    expect(await isAdminInUserPool('user-sub')).toBe(false);
    expect(cognito.commandCalls(AdminListGroupsForUserCommand)).toHaveLength(2);
  });

  it("fails with Cognito's own error", async () => {
    cognito
      .on(AdminListGroupsForUserCommand)
      .rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    await expect(isAdminInUserPool('nobody')).rejects.toBeInstanceOf(UserNotFoundException);
  });
});
