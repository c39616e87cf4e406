import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '#local/runtime';

/**
 * Integration tests start the real local runtime (emulators + gateway + handlers) on free ports with a
 * throw-away data directory, and talk to it over HTTP like a browser or an API client would.
 */

export interface TestUser {
  email: string;
  userId: string;
  idToken: string;
  refreshToken: string;
  isAdmin: boolean;
}

/** The default reply shape; a test that reads deeper passes its own type to `request<T>()`. */
export type ApiBody = Record<string, unknown> & { error?: { code: string; message: string } };

export interface TestResponse<T = ApiBody> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestRuntime {
  url: string;
  runtime: LocalRuntime;
  dataDir: string;
  createUser(
    email?: string,
    options?: { admin?: boolean; password?: string; name?: string },
  ): Promise<TestUser>;
  signIn(email: string, password: string): Promise<{ idToken: string; refreshToken: string }>;
  request<T = ApiBody>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  stop(): Promise<void>;
}

let counter = 0;

function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function startTestRuntime(
  options: Pick<
    LocalRuntimeOptions,
    'env' | 'drainLimitMs' | 'adjustTemplate' | 'log' | 'disabledEventSources' | 'functionOutput'
  > = {},
): Promise<TestRuntime> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lbm-test-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    quiet: process.env.TEST_RUNTIME_LOGS !== 'true',
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', OFFLINE_STREAM_DELAY_MS: '0', ...options.env },
    ...(options.drainLimitMs === undefined ? {} : { drainLimitMs: options.drainLimitMs }),
    ...(options.adjustTemplate ? { adjustTemplate: options.adjustTemplate } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.disabledEventSources ? { disabledEventSources: options.disabledEventSources } : {}),
    // Built once for the whole test run (test/support/function-bundles-global-setup.ts); a bench that
    // starts a runtime without it gets bundles of its own.
    ...(process.env.LBM_FUNCTION_BUNDLES ? { functionBundles: process.env.LBM_FUNCTION_BUNDLES } : {}),
    ...(options.functionOutput ? { functionOutput: options.functionOutput } : {}),
  });
  // The public calls (sign-up, sign-in) need no credentials, as in AWS; admin calls need the runtime's own.
  const cognito = new CognitoIdentityProviderClient({
    endpoint: runtime.endpoints.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const cognitoAdmin = new CognitoIdentityProviderClient({
    endpoint: runtime.endpoints.cognito,
    region: 'us-east-1',
    credentials: runtime.credentials,
  });
  const { userPoolId, userPoolClientId } = runtime.config;

  const signIn = async (email: string, password: string) => {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return {
      idToken: auth.AuthenticationResult?.IdToken ?? '',
      refreshToken: auth.AuthenticationResult?.RefreshToken ?? '',
    };
  };

  const createUser: TestRuntime['createUser'] = async (email, userOptions = {}) => {
    counter += 1;
    const address = email ?? `user${Date.now()}${counter}@${runtime.settings.allowedEmailDomain}`;
    const password = userOptions.password ?? 'Secret-123';
    await cognito.send(
      new SignUpCommand({
        ClientId: userPoolClientId,
        Username: address,
        Password: password,
        // The e-mail comes from the username; the app client may not write it.
        UserAttributes: userOptions.name ? [{ Name: 'name', Value: userOptions.name }] : [],
      }),
    );
    const code = runtime.mailbox.list().find((message) => message.to === address && message.code)?.code ?? '';
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: userPoolClientId, Username: address, ConfirmationCode: code }),
    );
    if (userOptions.admin) {
      await cognitoAdmin.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: userPoolId,
          Username: address,
          GroupName: ADMIN_GROUP_NAME,
        }),
      );
    }
    const tokens = await signIn(address, password);
    const claims = decodeJwt(tokens.idToken);
    return {
      email: address.toLowerCase(),
      userId: String(claims.sub),
      idToken: tokens.idToken,
      refreshToken: tokens.refreshToken,
      isAdmin: Boolean(userOptions.admin),
    };
  };

  const request = async <T = ApiBody>(
    method: string,
    path: string,
    requestOptions: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
    // A text body with its own content type (a CSV) goes as it is; anything else as JSON.
    const raw =
      typeof requestOptions.body === 'string' && requestOptions.headers?.['content-type'] !== undefined;
    if (requestOptions.body !== undefined && !raw) headers['content-type'] = 'application/json';
    const response = await fetch(`${runtime.url}${path}`, {
      method,
      headers,
      body:
        requestOptions.body === undefined
          ? undefined
          : raw
            ? String(requestOptions.body)
            : JSON.stringify(requestOptions.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: body as T, headers: response.headers };
  };

  return {
    url: runtime.url,
    runtime,
    dataDir,
    createUser,
    signIn,
    request,
    stop: async () => {
      await runtime.stop();
      cognito.destroy();
      cognitoAdmin.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
