import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AwsRequest } from './access-check';

/**
 * Local stand-ins for the two AWS services the functions read secrets from, speaking their JSON
 * protocols on the internal server, so the functions' code takes its AWS path here too and every call is
 * evaluated by the IAM enforcement like any other:
 * - Secrets Manager `GetSecretValue`: the provider keys (a JSON object of the keys configured in the
 *   environment), the media URL secret and CloudFront's origin secret, each under the ARN the stack's
 *   environment names;
 * - KMS `Encrypt`/`Decrypt` with the stack's keys (the WordPress key, the sealed replies' key): AES-256-GCM
 *   under the local key file, the key's ARN and the encryption context bound in as additional data, as KMS
 *   binds them.
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

/** A KMS key of the stack's, served locally. */
export interface LocalKey {
  /** Its id (what the environment variable naming it holds). */
  readonly id: string;
  readonly arn: string;
  /** The local key bytes. Keys may share them: the key's ARN is bound into every cipher text. */
  readonly material: () => Promise<Buffer>;
  /** The key policy the stack gives the key: KMS evaluates it with the caller's identity policy. */
  readonly policy: unknown;
}

export function secretServices(options: {
  secrets: readonly LocalSecret[];
  /**
   * The stack's KMS keys, the WordPress key first: a call that names no key is for it (the functions
   * name the key in every call; KMS itself reads it from the cipher text).
   */
  keys: readonly [LocalKey, ...LocalKey[]];
}): SecretServices {
  const secretBy = (id: unknown) => options.secrets.find((secret) => secret.arn === id || secret.name === id);
  const keyBy = (id: unknown): LocalKey | undefined =>
    id === undefined ? options.keys[0] : options.keys.find((key) => id === key.id || id === key.arn);
  return {
    handles: (target) =>
      target?.startsWith('secretsmanager.') === true || target?.startsWith('TrentService.') === true,
    requestsOf(target, body) {
      const [service, operation] = target.split('.');
      if (service === 'secretsmanager') {
        const secret = secretBy(body.SecretId);
        return [{ action: `secretsmanager:${operation}`, resource: secret?.arn ?? String(body.SecretId) }];
      }
      const key = keyBy(body.KeyId);
      return [
        {
          action: `kms:${operation}`,
          resource: key?.arn ?? String(body.KeyId),
          ...(key ? { resourcePolicy: key.policy } : {}),
        },
      ];
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
      const key = keyBy(body.KeyId);
      if (!key) {
        return {
          status: 400,
          type: 'NotFoundException',
          body: { message: `Key '${String(body.KeyId)}' does not exist` },
        };
      }
      const aad = additionalData(key.arn, body.EncryptionContext);
      const material = await key.material();
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
          body: { CiphertextBlob: blob, KeyId: key.arn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' },
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
          return { status: 200, body: { Plaintext: plain.toString('base64'), KeyId: key.arn } };
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
