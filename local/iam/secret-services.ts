import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AwsRequest } from './access-check';

/**
 * Local stand-ins for the two AWS services the functions read secrets from, speaking their JSON
 * protocols on the internal server, so the functions' code takes its AWS path here too and every call is
 * evaluated by the IAM enforcement like any other:
 * - Secrets Manager `GetSecretValue`: the provider keys (a JSON object of the keys configured in the
 *   environment), the media URL secret and CloudFront's origin secret, each under the ARN the stack's
 *   environment names;
 * - KMS `Encrypt`/`Decrypt` with the WordPress key: AES-256-GCM under the local key file, the key id and
 *   the encryption context bound in as additional data, as KMS binds them.
 */

export interface LocalSecret {
  readonly arn: string;
  readonly name: string;
  /** Read when asked, so a value set after start (tests) is the one served. */
  readonly value: () => string;
}

export interface SecretServices {
  /** True when the request is a Secrets Manager or KMS call (by its X-Amz-Target). */
  handles(target: string | undefined): boolean;
  /** What IAM evaluates for the call. */
  requestsOf(target: string, body: Record<string, unknown>): AwsRequest[];
  /** The service's reply. */
  answer(
    target: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; type?: string; body: unknown }>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function additionalData(keyArn: string, context: unknown): Buffer {
  const pairs = typeof context === 'object' && context !== null ? Object.entries(context).sort() : [];
  return Buffer.from(JSON.stringify([keyArn, pairs]));
}

export function secretServices(options: {
  secrets: readonly LocalSecret[];
  /** The WordPress key: its id (what WORDPRESS_KMS_KEY_ID holds), its ARN and the local key bytes. */
  key: {
    readonly id: string;
    readonly arn: string;
    readonly material: () => Promise<Buffer>;
    /** The key policy the stack gives the key: KMS evaluates it with the caller's identity policy. */
    readonly policy: unknown;
  };
}): SecretServices {
  const secretBy = (id: unknown) => options.secrets.find((secret) => secret.arn === id || secret.name === id);
  const keyMatches = (id: unknown) => id === undefined || id === options.key.id || id === options.key.arn;
  return {
    handles: (target) =>
      target?.startsWith('secretsmanager.') === true || target?.startsWith('TrentService.') === true,
    requestsOf(target, body) {
      const [service, operation] = target.split('.');
      if (service === 'secretsmanager') {
        const secret = secretBy(body.SecretId);
        return [{ action: `secretsmanager:${operation}`, resource: secret?.arn ?? String(body.SecretId) }];
      }
      return [{ action: `kms:${operation}`, resource: options.key.arn, resourcePolicy: options.key.policy }];
    },
    async answer(target, body) {
      const [service, operation] = target.split('.');
      if (service === 'secretsmanager') {
        const secret = secretBy(body.SecretId);
        if (operation !== 'GetSecretValue') return { status: 400, type: 'InvalidRequestException', body: {} };
        if (!secret) {
          return {
            status: 400,
            type: 'ResourceNotFoundException',
            body: { message: "Secrets Manager can't find the specified secret." },
          };
        }
        return {
          status: 200,
          body: { ARN: secret.arn, Name: secret.name, SecretString: secret.value(), VersionId: 'local' },
        };
      }
      if (!keyMatches(body.KeyId)) {
        return {
          status: 400,
          type: 'NotFoundException',
          body: { message: `Key '${String(body.KeyId)}' does not exist` },
        };
      }
      const aad = additionalData(options.key.arn, body.EncryptionContext);
      const material = await options.key.material();
      if (operation === 'Encrypt') {
        const iv = randomBytes(IV_BYTES);
        const cipher = createCipheriv('aes-256-gcm', material, iv);
        cipher.setAAD(aad);
        const sealed = Buffer.concat([
          cipher.update(Buffer.from(String(body.Plaintext), 'base64')),
          cipher.final(),
        ]);
        const blob = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
        return {
          status: 200,
          body: { CiphertextBlob: blob, KeyId: options.key.arn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' },
        };
      }
      if (operation === 'Decrypt') {
        try {
          const raw = Buffer.from(String(body.CiphertextBlob), 'base64');
          const decipher = createDecipheriv('aes-256-gcm', material, raw.subarray(0, IV_BYTES));
          decipher.setAAD(aad);
          decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
          const plain = Buffer.concat([
            decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
            decipher.final(),
          ]);
          return { status: 200, body: { Plaintext: plain.toString('base64'), KeyId: options.key.arn } };
        } catch {
          return { status: 400, type: 'InvalidCiphertextException', body: {} };
        }
      }
      return {
        status: 400,
        type: 'UnsupportedOperationException',
        body: { message: `${operation} is not served locally` },
      };
    },
  };
}
