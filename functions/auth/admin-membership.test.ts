import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { isAdminInUserPool } from './admin-membership';

/**
 * Cognito as a local server speaking its JSON 1.1 protocol, to follow the group pages (the emulator
 * never pages: the integration tests run the one-page case against it).
 */

interface Call {
  readonly target: unknown;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

const calls: Call[] = [];
let pages: { Groups: { GroupName: string }[]; NextToken?: string }[] = [];

function answerCognito(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    calls.push({
      target: request.headers['x-amz-target'],
      authorization: request.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
    });
    const page = pages.shift();
    response.writeHead(page ? 200 : 400, { 'content-type': 'application/x-amz-json-1.1' });
    response.end(
      JSON.stringify(page ?? { __type: 'UserNotFoundException', message: 'User does not exist.' }),
    );
  });
}

let cognito: LocalHttpServer;

beforeAll(async () => {
  cognito = await startLocalHttpServer(answerCognito);
});

afterAll(async () => {
  await cognito.close();
});

beforeEach(() => {
  calls.length = 0;
  vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', cognito.origin);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDTEST');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('USER_POOL_ID', 'eu-west-1_pool');
  vi.stubEnv('ADMIN_GROUP', 'admins');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('isAdminInUserPool', () => {
  it('follows the group pages until it finds the admins group', async () => {
    pages = [
      { Groups: [{ GroupName: 'editors' }], NextToken: 'page-2' },
      { Groups: [{ GroupName: 'admins' }], NextToken: 'page-3' },
    ];
    expect(await isAdminInUserPool('user-sub')).toBe(true);
    expect(calls.map((call) => call.target)).toEqual([
      'AWSCognitoIdentityProviderService.AdminListGroupsForUser',
      'AWSCognitoIdentityProviderService.AdminListGroupsForUser',
    ]);
    expect(calls.map((call) => call.body)).toEqual([
      { UserPoolId: 'eu-west-1_pool', Username: 'user-sub', Limit: 60 },
      { UserPoolId: 'eu-west-1_pool', Username: 'user-sub', Limit: 60, NextToken: 'page-2' },
    ]);
    expect(calls[0]?.authorization).toMatch(
      /Credential=AKIDTEST\/\d{8}\/eu-west-1\/cognito-idp\/aws4_request, /,
    );
  });

  it('is false when no page lists the group', async () => {
    pages = [{ Groups: [{ GroupName: 'editors' }], NextToken: 'page-2' }, { Groups: [] }];
    expect(await isAdminInUserPool('user-sub')).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it("fails with Cognito's own error name", async () => {
    pages = [];
    await expect(isAdminInUserPool('nobody')).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
      $metadata: { httpStatusCode: 400 },
    });
  });
});
