import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { providerSecretTemplate } from './provider-secret';

/**
 * The AI providers' API keys and the key that encrypts WordPress application passwords.
 *
 * The provider secret is created with every key present and empty (empty = that provider is served by
 * Offline). Fill it after deploy with `aws secretsmanager put-secret-value`; later deploys leave the
 * value alone as long as the template's initial value does not change.
 */
export class AppSecrets extends Construct {
  readonly providerSecret: Secret;
  readonly wordpressKey: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const initialValue = Object.fromEntries(
      Object.entries(providerSecretTemplate()).map(([name, value]) => [
        name,
        // Empty strings, not credentials: the real keys are put in after deploy, outside CloudFormation.
        SecretValue.unsafePlainText(value),
      ]),
    );
    this.providerSecret = new Secret(this, 'ProviderKeys', {
      description: 'AI provider API keys (JSON). Empty values mean the provider is not configured.',
      secretObjectValue: initialValue,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.providerSecret,
      'AwsSolutions-SMG4',
      'Third-party AI provider API keys are issued in the providers’ consoles; Secrets Manager cannot rotate them, so they are replaced by hand when a provider rotates them.',
    );

    this.wordpressKey = new Key(this, 'WordPressPasswords', {
      description: 'Encrypts the WordPress application passwords stored with clients',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
