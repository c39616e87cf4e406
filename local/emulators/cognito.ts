import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Mailbox } from '../mailbox';
import type { RunningEmulator } from './dynamodb';

/**
 * cognito-local started in-process from its `lib/`, wired the way DESIGN.md §1 describes:
 * - an absolute data directory (its default is relative to the working directory);
 * - `GetTokensFromRefreshToken`, which Amplify v6 calls to refresh and cognito-local lacks, answered
 *   through `InitiateAuth REFRESH_TOKEN_AUTH`;
 * - triggers invoked through the Lambda Invoke API at a local endpoint that runs our handlers;
 * - codes delivered to the local mailbox instead of only a console box.
 */

const require = createRequire(import.meta.url);

type Route = (ctx: { logger: unknown }, request: Record<string, unknown>) => Promise<Record<string, unknown>>;
type RouterFactory = (services: Record<string, unknown>) => (target: string) => Route;

interface CognitoLocalModules {
  Router: RouterFactory;
  createServer: (
    router: (target: string) => Route,
    logger: unknown,
    options: Record<string, unknown>,
    services: Record<string, unknown>,
  ) => { start(): Promise<Server> };
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
    create(ctx: unknown, defaults: unknown): Promise<unknown>;
  };
  UserPoolServiceFactoryImpl: new (clock: unknown, stores: unknown) => unknown;
  StormDBDataStoreFactory: new (dir: string) => unknown;
  CryptoService: new (config: unknown) => unknown;
  JwtTokenGenerator: new (clock: unknown, triggers: unknown, config: unknown) => unknown;
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
    JwtTokenGenerator: lib('services/tokenGenerator').JwtTokenGenerator,
    otp: lib('services/otp').otp,
    Lambda: AWS.Lambda,
    pino: cognitoRequire('pino'),
  };
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
  /** The issuer of its tokens: `${endpoint}/${userPoolId}`. */
  readonly issuerBase: string;
}

export async function startCognito(options: {
  dataDir: string;
  port: number;
  lambdaEndpoint: string;
  triggers: { PreSignUp: string; PostConfirmation: string };
  mailbox: Mailbox;
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
    TokenConfig: { IssuerDomain: base },
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
      options.mailbox.add({ to: delivery.Destination, code, ...message });
      options.log(`✉  ${message.subject} → ${delivery.Destination}: code ${code}`);
    },
  };
  const services = {
    clock,
    cognito,
    config,
    messages,
    otp: modules.otp,
    tokenGenerator: new modules.JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = modules.Router(services);
  const routeWithShims = (target: string): Route => {
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
    return router(target);
  };
  const server = await modules.createServer(routeWithShims, logger, config.ServerConfig, services).start();
  return {
    endpoint: base,
    issuerBase: base,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
