import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import {
  actionsOfFunction,
  logicalIdOf,
  resourcesOf,
  sharedTemplate,
  statementsOfFunction,
  TEST_DOMAIN,
} from './fixture';

describe('Cognito', () => {
  const { template } = sharedTemplate();
  const userPoolId = logicalIdOf(template, 'AWS::Cognito::UserPool', 'AuthUserPool');

  it('lets staff sign up and sign in with their e-mail, verified automatically', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameConfiguration: { CaseSensitive: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      MfaConfiguration: 'OFF',
      DeletionProtection: 'ACTIVE',
    });
    expect(resourcesOf(template)[userPoolId]?.DeletionPolicy).toBe('Retain');
  });

  it('applies the spec’s password rule: at least 6 characters, nothing else', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('wires the pre-sign-up and post-confirmation triggers', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: { 'Fn::GetAtt': ['PreSignUpFunction', 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': ['PostConfirmationFunction', 'Arn'] },
      },
    });
    for (const id of ['PreSignUpFunction', 'PostConfirmationFunction']) {
      const fn = resourcesOf(template)[id];
      expect(fn?.Properties?.Runtime).toBe('nodejs24.x');
      // The triggers run before any user exists: they need the domain and the admin list, nothing else.
      expect(fn?.Properties?.Environment).toEqual({
        Variables: {
          ALLOWED_EMAIL_DOMAIN: TEST_DOMAIN,
          ADMIN_EMAILS: `boss@${TEST_DOMAIN}`,
          ADMIN_GROUP: ADMIN_GROUP_NAME,
        },
      });
    }
  });

  it('lets the post-confirmation trigger add users to groups, and the pre-sign-up trigger nothing', () => {
    const statement = statementsOfFunction(template, 'PostConfirmationFunction').find((candidate) =>
      candidate.actions.includes('cognito-idp:AdminAddUserToGroup'),
    );
    expect(JSON.stringify(statement?.resources)).toContain(':userpool/*');
    // Logs, and X-Ray for the active tracing every function has.
    expect(
      actionsOfFunction(template, 'PreSignUpFunction').filter((action) => !action.startsWith('xray:')),
    ).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });

  it('has the admins group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: ADMIN_GROUP_NAME,
      UserPoolId: { Ref: userPoolId },
    });
  });

  it('has a public app client with USER_PASSWORD_AUTH and refresh, no secret, no hosted UI', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      UserPoolId: { Ref: userPoolId },
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AllowedOAuthFlowsUserPoolClient: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('lets the app client write the e-mail and display name and read both, never email_verified', () => {
    const clients = resourcesOf(template);
    const client = Object.values(clients).find(
      (resource) => resource.Type === 'AWS::Cognito::UserPoolClient',
    );
    const properties = client?.Properties as { WriteAttributes?: string[]; ReadAttributes?: string[] };
    expect(properties.WriteAttributes?.slice().sort()).toEqual(['email', 'name']);
    expect(properties.ReadAttributes?.slice().sort()).toEqual(['email', 'email_verified', 'name']);
  });

  it('runs Cognito threat protection in audit mode, on the Plus plan it needs', () => {
    const pool = Object.values(resourcesOf(template)).find(
      (resource) => resource.Type === 'AWS::Cognito::UserPool',
    );
    expect(pool?.Properties?.UserPoolTier).toBe('PLUS');
    expect(pool?.Properties?.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'AUDIT' });
  });

  it('holds a changed e-mail back until the new address is verified', () => {
    const pool = Object.values(resourcesOf(template)).find(
      (resource) => resource.Type === 'AWS::Cognito::UserPool',
    );
    expect(pool?.Properties?.UserAttributeUpdateSettings).toEqual({
      AttributesRequireVerificationBeforeUpdate: ['email'],
    });
    expect(pool?.Properties?.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool?.Properties?.UsernameAttributes).toEqual(['email']);
  });

  it('keeps no required attribute the app client could not write (Cognito refuses such a client)', () => {
    const pool = Object.values(resourcesOf(template)).find(
      (resource) => resource.Type === 'AWS::Cognito::UserPool',
    );
    const schema = (pool?.Properties?.Schema ?? []) as Array<{ Name: string; Required?: boolean }>;
    const required = schema.filter((attribute) => attribute.Required).map((attribute) => attribute.Name);
    expect(required.filter((name) => !['name'].includes(name))).toEqual([]);
    expect(schema.find((attribute) => attribute.Name === 'email')).toMatchObject({ Mutable: true });
  });
});
