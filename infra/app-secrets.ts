import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { PROVIDER_SECRET_PLACEHOLDER_FIELD } from './provider-secret';

/**
 * The AI providers' API keys and the key that encrypts WordPress application passwords.
 *
 * CloudFormation does not own the provider secret's value: it is created as a JSON object holding only
 * a generated placeholder (no provider key, so every model is served by Offline), and filled after
 * deploy with `aws secretsmanager put-secret-value` (README). Its generation template is a constant,
 * so no later deploy, not even one that adds a provider, replaces the keys that were put in.
 */
export class AppSecrets extends Construct {
  readonly providerSecret: Secret;
  readonly wordpressKey: Key;
  /**
   * Seals the replies kept for a repeated Idempotency-Key that hold a secret shown once (a webhook's
   * signing secret, a review or statement link's token): a key of its own, so the functions that keep
   * them open these without gaining the WordPress key (functions/idempotency/sealed-replies.ts).
   */
  readonly sealedRepliesKey: Key;
  /** The agency's app credentials on the publishing platforms (contract/channel-apps.ts names its keys). */
  readonly socialAppsSecret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.providerSecret = new Secret(this, 'ProviderKeys', {
      description:
        'AI provider API keys (JSON, e.g. {"OPENAI_API_KEY":"..."}). Absent or empty: served by Offline.',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: PROVIDER_SECRET_PLACEHOLDER_FIELD,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.providerSecret,
      'AwsSolutions-SMG4',
      'Third-party AI provider API keys are issued in the providers’ consoles; Secrets Manager cannot rotate them, so they are replaced by hand when a provider rotates them.',
    );

    this.socialAppsSecret = new Secret(this, 'SocialApps', {
      description:
        'Publishing platforms app credentials (JSON, e.g. {"SOCIAL_X_CLIENT_ID":"...","SOCIAL_X_CLIENT_SECRET":"..."}). A platform without them cannot be connected.',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: PROVIDER_SECRET_PLACEHOLDER_FIELD,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.socialAppsSecret,
      'AwsSolutions-SMG4',
      'The platforms’ app secrets are issued in their developer consoles; Secrets Manager cannot rotate them, so they are replaced by hand.',
    );

    // Also seals the publishing channels' OAuth tokens, under an encryption context of their own
    // (functions/clients/password-cipher.ts).
    this.wordpressKey = new Key(this, 'WordPressPasswords', {
      description: 'Encrypts the WordPress application passwords stored with clients',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // What it seals lives a day (the Idempotency-Key's lifetime): nothing is lost with the stack.
    this.sealedRepliesKey = new Key(this, 'SealedReplies', {
      description: 'Seals the replies kept for a repeated Idempotency-Key that hold a secret shown once',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
  }
}
