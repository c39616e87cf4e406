import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DecryptCommand, EncryptCommand } from '@aws-sdk/client-kms';
import { kmsClient } from '#functions/commons/clients/kms';
import { readEnv } from '#functions/commons/env';

/**
 * Encryption at rest for WordPress application passwords (docs/architecture.md, "Security"). In AWS the key is a KMS key
 * (WORDPRESS_KMS_KEY_ID); locally AES-256-GCM with a 32-byte key file (LOCAL_KEY_FILE), so no secret is
 * ever stored in the clear in either runtime. The cipher text names its scheme, so a value written by
 * one scheme is never fed to the other.
 */

const KMS_PREFIX = 'kms:v1:';
const LOCAL_PREFIX = 'aes256gcm:v1:';
/**
 * What a secret is for, bound to its cipher text (KMS encryption context, the local scheme's additional
 * data): a blob copied into another field or context does not decrypt. WordPress application passwords,
 * the publishing channels' OAuth tokens (functions/social/), the webhooks' signing secrets
 * (functions/webhooks/), and the replies kept for a repeated Idempotency-Key that hold a secret shown once
 * (functions/idempotency/idempotent-replies.ts).
 */
export type SecretPurpose =
  | 'wordpress_app_password'
  | 'channel_token'
  | 'webhook_secret'
  | 'idempotent_reply';
const DEFAULT_PURPOSE: SecretPurpose = 'wordpress_app_password';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const localKeys = new Map<string, Promise<Buffer>>();

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

async function readOrCreateKey(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': when two processes start together, exactly one key wins and both end up using it.
    await writeFile(path, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return readFile(path);
    throw error;
  }
}

/** The local key file's 32 bytes, made on first use; the local KMS (local/iam/secret-services.ts) seals with it too. */
export async function localKey(path: string): Promise<Buffer> {
  let pending = localKeys.get(path);
  if (!pending) {
    pending = readOrCreateKey(path).then((key) => {
      if (key.length !== KEY_BYTES) {
        throw new Error(`The key file ${path} must hold exactly ${KEY_BYTES} bytes, found ${key.length}`);
      }
      return key;
    });
    localKeys.set(path, pending);
    // A failed read must not be cached: the next call retries.
    pending.catch(() => localKeys.delete(path));
  }
  return pending;
}

function missingConfiguration(): Error {
  return new Error(
    'Missing configuration: set WORDPRESS_KMS_KEY_ID (AWS) or LOCAL_KEY_FILE (local) to store WordPress passwords',
  );
}

/**
 * The KMS key of a purpose: the replies kept for a repeated Idempotency-Key have a key of their own, so
 * the functions that keep them may open them without being able to open a password or a token.
 */
const keyIdOf = (purpose: SecretPurpose) =>
  readEnv(purpose === 'idempotent_reply' ? 'sealedRepliesKeyId' : 'wordpressKeyId');

export async function encryptSecret(
  plain: string,
  purpose: SecretPurpose = DEFAULT_PURPOSE,
): Promise<string> {
  const keyId = keyIdOf(purpose);
  if (keyId) {
    const { CiphertextBlob } = await kmsClient().send(
      new EncryptCommand({
        KeyId: keyId,
        Plaintext: Buffer.from(plain, 'utf8'),
        EncryptionContext: { purpose },
      }),
    );
    if (!CiphertextBlob || CiphertextBlob.length === 0) throw new Error('KMS returned no cipher text');
    return `${KMS_PREFIX}${Buffer.from(CiphertextBlob).toString('base64')}`;
  }
  const keyFile = readEnv('localKeyFile');
  if (!keyFile) throw missingConfiguration();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await localKey(keyFile), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${LOCAL_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export async function decryptSecret(
  cipherText: string,
  purpose: SecretPurpose = DEFAULT_PURPOSE,
): Promise<string> {
  if (cipherText.startsWith(KMS_PREFIX)) {
    const { Plaintext } = await kmsClient().send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(cipherText.slice(KMS_PREFIX.length), 'base64'),
        KeyId: keyIdOf(purpose),
        EncryptionContext: { purpose },
      }),
    );
    if (!Plaintext) throw new Error('KMS returned no plain text');
    return Buffer.from(Plaintext).toString('utf8');
  }
  if (cipherText.startsWith(LOCAL_PREFIX)) {
    const keyFile = readEnv('localKeyFile');
    if (!keyFile) throw missingConfiguration();
    const raw = Buffer.from(cipherText.slice(LOCAL_PREFIX.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('The stored secret is malformed');
    const decipher = createDecipheriv('aes-256-gcm', await localKey(keyFile), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
  throw new Error('The stored secret uses an unknown scheme');
}
