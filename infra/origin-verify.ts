import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import { acknowledge } from './nag';

/** The HTTP API authorizers' identity source for the origin header (API Gateway's header syntax). */
export const ORIGIN_VERIFY_IDENTITY_SOURCE = `$request.header.${ORIGIN_VERIFY_HEADER}`;

/**
 * The value CloudFront sends to the HTTP API in `x-origin-verify`
 * (docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API"), so the authorizer can refuse every
 * request that did not come through CloudFront (and its WAF, when one is attached).
 *
 * Secrets Manager generates it at the first deploy, so it never appears in the template or the
 * repository: CloudFront's origin header is a `{{resolve:secretsmanager:…}}` dynamic reference that
 * CloudFormation resolves at deploy time, and the authorizer reads the secret at run time (cached for
 * five minutes). CloudFront's own configuration necessarily holds the value, readable by whoever may
 * read the distribution's config. Changing it: put a new value, then deploy (README).
 */
export class OriginVerifySecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Value', {
      description: `Value CloudFront sends to the HTTP API in ${ORIGIN_VERIFY_HEADER}; the authorizer refuses requests without it`,
      // Header-safe characters only; 64 of them are far beyond guessing.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.secret,
      'AwsSolutions-SMG4',
      'CloudFront reads the value only at deploy time (dynamic reference), so a rotation Lambda could not update the distribution; it is changed by putting a new value and deploying (README).',
    );
  }

  /** The dynamic reference CloudFormation resolves when it deploys the distribution. */
  get headerValue(): string {
    return this.secret.secretValue.unsafeUnwrap();
  }

  /** secretsmanager:GetSecretValue on this secret only (the HTTP authorizer). */
  allowRead(role: IRole): void {
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }),
    );
  }
}
