import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import type { Mailbox } from '../mailbox';
import { decodePathPart, requestTarget } from '../path-decoding';
import { applyServerTimeouts } from '../server-timeouts';
import { refuseWithoutIam, targetOperation } from './cognito-access';
import {
  PENDING_CHANGE_SOURCES,
  type StoredUser,
  withVerifiedAttributeUpdates,
} from './cognito-attribute-updates';
import { type AppClientSettings, type Route, withAwsClientRules } from './cognito-client-rules';
import { LocalTokenGenerator, loadOrCreateSigningKey, localIssuer } from './cognito-tokens';
import type { RunningEmulator } from './dynamodb';

/**
 * cognito-local started in-process from its `lib/`, wired the way docs/architecture.md, "Two runtimes" describes:
 * - an absolute data directory (its default is relative to the working directory);
 * - `GetTokensFromRefreshToken`, which Amplify v6 calls to refresh and cognito-local lacks, answered
 *   through `InitiateAuth REFRESH_TOKEN_AUTH`;
 * - triggers invoked through the Lambda Invoke API at a local endpoint that runs our handlers;
 * - codes delivered to the local mailbox instead of only a console box;
 * - what AWS refuses, refused here too: calls that need IAM credentials unless the runtime signed them
 *   (cognito-access.ts), and the app client's attribute, token and user-existence rules
 *   (cognito-client-rules.ts);
 * - a changed e-mail held until the new address is verified, as the pool's
 *   AttributesRequireVerificationBeforeUpdate makes AWS do (cognito-attribute-updates.ts);
 * - tokens signed with this installation's key under a fixed issuer, with the claims AWS puts in them
 *   (cognito-tokens.ts).
 */

const require = createRequire(import.meta.url);

type RouterFactory = (services: Record<string, unknown>) => (target: string) => Route;

interface CognitoLocalModules {
  Router: RouterFactory;
  createServer: (
    router: (target: string) => Route,
    logger: unknown,
    options: Record<string, unknown>,
    services: Record<string, unknown>,
  ) => { application: (request: IncomingMessage, response: ServerResponse) => void };
  services: {
    DateClock: new () => unknown;
    TriggersService: new (clock: unknown, cognito: unknown, lambda: unknown, crypto: unknown) => unknown;
    LambdaService: new (config: Record<string, string>, client: unknown) => unknown;
  };
  CognitoServiceFactoryImpl: new (
    dir: string,
    stores: unknown,
    userPools: unknown,
  ) => {
    create(ctx: unknown, defaults: unknown): Promise<CognitoService>;
  };
  CognitoError: new (code: string, message: string) => Error;
  UserPoolServiceFactoryImpl: new (clock: unknown, stores: unknown) => unknown;
  StormDBDataStoreFactory: new (dir: string) => unknown;
  CryptoService: new (config: unknown) => unknown;
  otp: () => string;
  Lambda: new (config: Record<string, unknown>) => unknown;
  pino: (options: Record<string, unknown>) => unknown;
}

function loadCognitoLocal(): CognitoLocalModules {
  const lib = (path: string) => require(`cognito-local/lib/${path}`);
  const cognitoRequire = createRequire(require.resolve('cognito-local/package.json'));
  const AWS = cognitoRequire('aws-sdk') as { Lambda: CognitoLocalModules['Lambda'] };
  return {
    Router: lib('server/Router').Router,
    createServer: lib('server/server').createServer,
    services: lib('services'),
    CognitoServiceFactoryImpl: lib('services/cognitoService').CognitoServiceFactoryImpl,
    UserPoolServiceFactoryImpl: lib('services/userPoolService').UserPoolServiceFactoryImpl,
    StormDBDataStoreFactory: lib('services/dataStore/stormDb').StormDBDataStoreFactory,
    CryptoService: lib('services/crypto').CryptoService,
    CognitoError: lib('errors').CognitoError,
    otp: lib('services/otp').otp,
    Lambda: AWS.Lambda,
    pino: cognitoRequire('pino'),
  };
}

interface UserPoolService {
  options: Record<string, unknown>;
  getUserByUsername(ctx: unknown, username: string): Promise<StoredUser | null>;
  saveUser(ctx: unknown, user: StoredUser): Promise<void>;
  updateOptions(ctx: unknown, options: Record<string, unknown>): Promise<void>;
}

interface CognitoService {
  getAppClient(ctx: unknown, clientId: string): Promise<AppClientSettings | null>;
  getUserPool(ctx: unknown, userPoolId: string): Promise<UserPoolService>;
  getUserPoolForClientId(ctx: unknown, clientId: string): Promise<UserPoolService>;
}

type MessageSource =
  | 'AdminCreateUser'
  | 'Authentication'
  | 'ForgotPassword'
  | 'ResendCode'
  | 'SignUp'
  | string;

interface DeliveryDetails {
  DeliveryMedium: string;
  Destination: string;
}

function describeMessage(source: MessageSource, code: string) {
  if (source === 'ForgotPassword') {
    return {
      kind: 'reset' as const,
      subject: 'Reset your LBM Studio password',
      text: `Your password reset code is ${code}. Enter it on the reset page with your new password.`,
    };
  }
  if (PENDING_CHANGE_SOURCES.has(source)) {
    return {
      kind: 'confirmation' as const,
      subject: 'Verify your new LBM Studio e-mail address',
      text: `Your verification code is ${code}. Enter it to start using this address for LBM Studio.`,
    };
  }
  if (source === 'SignUp' || source === 'ResendCode') {
    return {
      kind: 'confirmation' as const,
      subject: 'Verify your LBM Studio account',
      text: `Your verification code is ${code}. Enter it to confirm your e-mail address.`,
    };
  }
  return { kind: 'other' as const, subject: `LBM Studio code (${source})`, text: `Your code is ${code}.` };
}

export interface CognitoEmulator extends RunningEmulator {
  /** The issuer of the pool's tokens; fixed, so a restart on another port keeps every session. */
  issuer(userPoolId: string): string;
  /** Where the pool's signing keys are served. */
  jwksUri(userPoolId: string): string;
}

function sendJson(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  response.writeHead(status, { 'content-type': type });
  response.end(JSON.stringify(body));
}

export async function startCognito(options: {
  dataDir: string;
  port: number;
  lambdaEndpoint: string;
  triggers: { PreSignUp: string; PostConfirmation: string };
  mailbox: Mailbox;
  /** Whether an access key id is one the runtime issued (its own or a function's): IAM principals here. */
  isKnownAccessKey: (keyId: string) => boolean;
  log: (line: string) => void;
}): Promise<CognitoEmulator> {
  const modules = loadCognitoLocal();
  const logger = modules.pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'silent' });
  const ctx = { logger };
  const base = `http://127.0.0.1:${options.port}`;
  const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const config = {
    LambdaClient: { credentials: localCredentials, region: 'local', endpoint: options.lambdaEndpoint },
    TriggerFunctions: options.triggers,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    KMSConfig: { credentials: localCredentials, region: 'local' },
    ServerConfig: { port: options.port, hostname: '127.0.0.1', development: false, https: false },
  };

  const clock = new modules.services.DateClock();
  const stores = new modules.StormDBDataStoreFactory(options.dataDir);
  const cognito = await new modules.CognitoServiceFactoryImpl(
    options.dataDir,
    stores,
    new modules.UserPoolServiceFactoryImpl(clock, stores),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new modules.services.TriggersService(
    clock,
    cognito,
    new modules.services.LambdaService(config.TriggerFunctions, new modules.Lambda(config.LambdaClient)),
    new modules.CryptoService(config.KMSConfig),
  );
  const messages = {
    deliver: async (
      _ctx: unknown,
      source: MessageSource,
      _clientId: string | null,
      _userPoolId: string,
      _user: unknown,
      code: string,
      _metadata: unknown,
      delivery: DeliveryDetails,
    ) => {
      const message = describeMessage(source, code);
      const stored = options.mailbox.add({ to: delivery.Destination, code, ...message });
      if (stored) options.log(`✉  ${message.subject} → ${delivery.Destination}: code ${code}`);
    },
  };
  const key = loadOrCreateSigningKey(options.dataDir);
  const services = {
    clock,
    cognito,
    config,
    messages,
    otp: modules.otp,
    tokenGenerator: new LocalTokenGenerator(key, clock as { get(): Date }),
    triggers,
  };
  const router = modules.Router(services);
  const withShims = (target: string): Route => {
    if (target === 'GetTokensFromRefreshToken') {
      return async (routeCtx, request) => {
        const reply = await router('InitiateAuth')(routeCtx, {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: request.ClientId,
          AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
        });
        return { AuthenticationResult: reply.AuthenticationResult };
      };
    }
    if (target === 'ConfirmSignUp') {
      // Cognito marks the address the code went to as verified; cognito-local leaves it unverified.
      return async (routeCtx, request) => {
        const reply = await router(target)(routeCtx, request);
        const pool = await cognito.getUserPoolForClientId(routeCtx, String(request.ClientId));
        const user = await pool.getUserByUsername(routeCtx, String(request.Username));
        if (user) {
          const others = user.Attributes.filter((attribute) => attribute.Name !== 'email_verified');
          await pool.saveUser(routeCtx, {
            ...user,
            Attributes: [...others, { Name: 'email_verified', Value: 'true' }],
          });
        }
        return reply;
      };
    }
    return router(target);
  };
  const nowSeconds = () => Date.now() / 1000;
  const route = withAwsClientRules({
    route: withVerifiedAttributeUpdates({
      route: withShims,
      pool: (routeCtx, clientId) => cognito.getUserPoolForClientId(routeCtx, clientId),
      poolById: (routeCtx, userPoolId) => cognito.getUserPool(routeCtx, userPoolId),
      key,
      error: (code, message) => new modules.CognitoError(code, message),
      nowSeconds,
    }),
    appClient: (routeCtx, clientId) => cognito.getAppClient(routeCtx, clientId),
    key,
    error: (code, message) => new modules.CognitoError(code, message),
    nowSeconds,
  });
  const app = modules.createServer(route, logger, config.ServerConfig, services).application;
  const jwks = { keys: [key.publicJwk] };
  const server: Server = applyServerTimeouts(
    createHttpServer((request, response) => {
      // A target that is not a URL or a malformed escape would throw here and end the whole runtime.
      const path = requestTarget(request.url)?.pathname;
      if (path === undefined) {
        sendJson(response, 400, { message: 'Bad Request' });
        return;
      }
      const wellKnown = /^\/([^/]+)\/\.well-known\/(jwks\.json|openid-configuration)$/.exec(path);
      const poolId = wellKnown?.[1] ? decodePathPart(wellKnown[1]) : null;
      if (request.method === 'GET' && wellKnown?.[1] && poolId !== null) {
        sendJson(
          response,
          200,
          wellKnown[2] === 'jwks.json'
            ? jwks
            : {
                issuer: localIssuer(poolId),
                jwks_uri: `${base}/${wellKnown[1]}/.well-known/jwks.json`,
                id_token_signing_alg_values_supported: ['RS256'],
              },
        );
        return;
      }
      // The pool has no hosted-UI domain in AWS (the app client disables OAuth), so neither does this one.
      if (path.startsWith('/oauth2/')) {
        sendJson(response, 404, { message: 'Not Found' });
        return;
      }
      const operation = request.method === 'POST' ? targetOperation(request.headers) : null;
      const refusal = operation
        ? refuseWithoutIam(operation, request.headers, options.isKnownAccessKey)
        : null;
      if (refusal) {
        sendJson(
          response,
          refusal.status,
          { __type: refusal.type, message: refusal.message },
          'application/x-amz-json-1.1',
        );
        return;
      }
      app(request, response);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: base,
    issuer: localIssuer,
    jwksUri: (userPoolId) => `${base}/${userPoolId}/.well-known/jwks.json`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
