import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  type KeepOriginalAttrs,
  Mfa,
  type StandardAttributesMask,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  type UserPoolGroup,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ADMIN_GROUP_NAME, backgroundFunctions, envNames } from '#contract/routes';
import { MIN_PASSWORD_LENGTH } from '#shared/password-policy';
import { AdminPromotion } from './admin-promotion';
import { AppFunction, type FunctionBuildSettings } from './app-function';
import type { AppConfig } from './config';
import { acknowledge, acknowledgeWildcardResource } from './nag';
import {
  APP_CLIENT_READ_ATTRIBUTES,
  APP_CLIENT_WRITE_ATTRIBUTES,
  ATTRIBUTES_VERIFIED_BEFORE_UPDATE,
} from './user-pool-client';

export const TOKEN_VALIDITY = {
  accessToken: Duration.hours(1),
  idToken: Duration.hours(1),
  refreshToken: Duration.days(30),
} as const;

/** CDK's names for the standard attributes the app client lists (infra/user-pool-client.ts). */
const CDK_ATTRIBUTE_NAMES: Record<string, keyof StandardAttributesMask> = {
  email: 'email',
  email_verified: 'emailVerified',
  name: 'fullname',
};

function clientAttributes(names: readonly string[]): ClientAttributes {
  const mask: { -readonly [K in keyof StandardAttributesMask]: boolean } = {};
  for (const name of names) {
    const key = CDK_ATTRIBUTE_NAMES[name];
    if (!key) throw new Error(`No CDK name for the user attribute ${name}`);
    mask[key] = true;
  }
  return new ClientAttributes().withStandardAttributes(mask);
}

function keepOriginalOf(names: readonly string[]): KeepOriginalAttrs {
  return { email: names.includes('email'), phone: names.includes('phone_number') };
}

export interface AuthProps {
  readonly config: AppConfig;
  readonly settings: FunctionBuildSettings;
}

/**
 * Staff sign in with their company e-mail and a password. Sign-up is open but the pre-sign-up trigger
 * refuses any other domain; the post-confirmation trigger puts the configured admin e-mails in the
 * admins group, whose claim the authorizer and the handlers check.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly adminGroup: UserPoolGroup;
  readonly preSignUp: AppFunction;
  readonly postConfirmation: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config, settings } = props;
    const environment = {
      [envNames.allowedEmailDomain]: config.allowedEmailDomain,
      [envNames.adminEmails]: config.adminEmails.join(','),
      [envNames.adminGroup]: ADMIN_GROUP_NAME,
    };

    this.preSignUp = new AppFunction(this, 'PreSignUp', {
      settings,
      entry: backgroundFunctions.preSignUp,
      description: 'Cognito pre-sign-up: refuses e-mail addresses outside the company domain',
      environment,
      logicalId: 'PreSignUpFunction',
    });
    this.postConfirmation = new AppFunction(this, 'PostConfirmation', {
      settings,
      entry: backgroundFunctions.postConfirmation,
      description: 'Cognito post-confirmation: adds the configured admin e-mails to the admins group',
      environment,
      logicalId: 'PostConfirmationFunction',
    });
    // The pool's own ARN cannot be used here: the pool depends on this function as its trigger, so
    // referencing it back would be a circular dependency. The ARN is built instead, scoped to the
    // account and region; the handler only ever acts on the pool id Cognito hands it in the event.
    const poolsArn = Stack.of(this).formatArn({
      service: 'cognito-idp',
      resource: 'userpool',
      resourceName: '*',
    });
    this.postConfirmation.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['cognito-idp:AdminAddUserToGroup'], resources: [poolsArn] }),
    );
    acknowledgeWildcardResource(
      this.postConfirmation,
      poolsArn,
      'The trigger cannot name its own user pool (the pool depends on the trigger: circular reference); it is limited to AdminAddUserToGroup in this account and region and acts only on the pool id from the Cognito event.',
    );

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // AttributesRequireVerificationBeforeUpdate: a changed e-mail takes effect only once verified with a
      // code sent to the new address; until then the old one stays in tokens and sign-in
      // (infra/user-pool-client.ts).
      keepOriginal: keepOriginalOf(ATTRIBUTES_VERIFIED_BEFORE_UPDATE),
      // The e-mail is the username: Cognito sets the attribute from it at sign-up. Not marked required:
      // the pool's schema cannot change after creation, and existing pools were made without it.
      standardAttributes: { email: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: MIN_PASSWORD_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Cognito's own sender allows 50 e-mails a day; a verified SES identity lifts that (README).
      email:
        config.sesFromEmail && config.sesRegion
          ? UserPoolEmail.withSES({
              fromEmail: config.sesFromEmail,
              fromName: 'LBM Studio',
              sesRegion: config.sesRegion,
            })
          : UserPoolEmail.withCognito(),
      mfa: Mfa.OFF,
      // Threat protection in audit mode (docs/decisions.md, "Operations a maintainer can trust"): Cognito
      // scores every sign-in and password change for risk (compromised credentials, unusual devices and
      // places) and publishes the results to CloudWatch, without blocking anyone; enforcement would answer
      // sign-ins with messages outside the spec's catalogue. It needs the Plus plan.
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.AUDIT_ONLY,
      lambdaTriggers: {
        preSignUp: this.preSignUp.function,
        postConfirmation: this.postConfirmation.function,
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      "The functional spec (000 §5) sets the password rule: at least 6 characters ('Password too short'), with no character classes.",
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'The spec defines sign-in as company e-mail plus password only; sign-up is restricted to the company domain by the pre-sign-up trigger and every address is verified.',
    );

    this.adminGroup = this.userPool.addGroup('Admins', {
      groupName: ADMIN_GROUP_NAME,
      description: 'Staff who see the Activity Tracker and API key administration',
    });
    new AdminPromotion(this, 'AdminPromotion', {
      settings,
      userPool: this.userPool,
      adminGroup: this.adminGroup,
      groupName: ADMIN_GROUP_NAME,
      adminEmails: config.adminEmails,
    });

    // The browser signs in with USER_PASSWORD_AUTH (the flow the local Cognito emulator supports too) and
    // refreshes with the refresh token; no hosted UI, no client secret in a public client.
    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true },
      disableOAuth: true,
      // Sign-in, reset and confirmation answers never tell whether an address has an account.
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      readAttributes: clientAttributes(APP_CLIENT_READ_ATTRIBUTES),
      // `email` too: a change is held until verified (keepOriginal above), so it takes nobody's address.
      writeAttributes: clientAttributes(APP_CLIENT_WRITE_ATTRIBUTES),
      accessTokenValidity: TOKEN_VALIDITY.accessToken,
      idTokenValidity: TOKEN_VALIDITY.idToken,
      refreshTokenValidity: TOKEN_VALIDITY.refreshToken,
    });
  }
}
