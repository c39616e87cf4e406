import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { decryptSecret, encryptSecret } from './password-cipher';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lbm-cipher-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('password cipher, local AES-256-GCM', () => {
  it('creates a missing 32-byte key file readable by its owner only, and round-trips', async () => {
    const keyFile = join(dir, 'nested', 'local.key');
    vi.stubEnv('WORDPRESS_KMS_KEY_ID', '');
    vi.stubEnv('LOCAL_KEY_FILE', keyFile);

    const cipher = await encryptSecret('abcd EFGH 1234 ijkl');

    expect(cipher.startsWith('aes256gcm:v1:')).toBe(true);
    expect(cipher).not.toContain('abcd');
    expect(await decryptSecret(cipher)).toBe('abcd EFGH 1234 ijkl');
    expect((await readFile(keyFile)).length).toBe(32);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
  });

  it('uses a fresh IV each time, so equal passwords give different cipher texts', async () => {
    vi.stubEnv('LOCAL_KEY_FILE', join(dir, 'iv.key'));
    const first = await encryptSecret('same');
    const second = await encryptSecret('same');
    expect(first).not.toBe(second);
    expect(await decryptSecret(first)).toBe('same');
    expect(await decryptSecret(second)).toBe('same');
  });

  it('keeps using an existing key file', async () => {
    const keyFile = join(dir, 'existing.key');
    const key = Buffer.alloc(32, 7);
    await writeFile(keyFile, key, { mode: 0o600 });
    vi.stubEnv('LOCAL_KEY_FILE', keyFile);
    const cipher = await encryptSecret('secret');
    expect(await decryptSecret(cipher)).toBe('secret');
    expect(await readFile(keyFile)).toEqual(key);
  });

  it('refuses a tampered cipher text', async () => {
    vi.stubEnv('LOCAL_KEY_FILE', join(dir, 'tamper.key'));
    const cipher = await encryptSecret('secret');
    const raw = Buffer.from(cipher.slice('aes256gcm:v1:'.length), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    await expect(decryptSecret(`aes256gcm:v1:${raw.toString('base64')}`)).rejects.toThrow();
  });

  it('refuses a cipher text made with another key', async () => {
    vi.stubEnv('LOCAL_KEY_FILE', join(dir, 'one.key'));
    const cipher = await encryptSecret('secret');
    vi.stubEnv('LOCAL_KEY_FILE', join(dir, 'two.key'));
    await expect(decryptSecret(cipher)).rejects.toThrow();
  });

  it('refuses a key file of the wrong size', async () => {
    const keyFile = join(dir, 'short.key');
    await writeFile(keyFile, Buffer.alloc(16));
    vi.stubEnv('LOCAL_KEY_FILE', keyFile);
    await expect(encryptSecret('secret')).rejects.toThrow(/exactly 32 bytes/);
  });

  it('fails clearly when no key is configured', async () => {
    vi.stubEnv('WORDPRESS_KMS_KEY_ID', '');
    vi.stubEnv('LOCAL_KEY_FILE', '');
    await expect(encryptSecret('secret')).rejects.toThrow(/WORDPRESS_KMS_KEY_ID/);
  });

  it('refuses an unknown scheme', async () => {
    await expect(decryptSecret('plain-password')).rejects.toThrow(/unknown scheme/);
  });
});

/**
 * KMS as a local server speaking its JSON 1.1 protocol. Its cipher text is the key id, the context and
 * the plain text sealed together (base64 JSON, not encryption: the test is about what is sent), and
 * Decrypt refuses a blob whose context or key differs, as KMS does with InvalidCiphertextException.
 */
interface KmsRequest {
  readonly target: string | undefined;
  readonly contentType: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

interface Sealed {
  readonly keyId: unknown;
  readonly context: unknown;
  readonly plaintext: unknown;
}

function answerKms(requests: KmsRequest[]) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const target = request.headers['x-amz-target'];
      requests.push({
        target: typeof target === 'string' ? target : undefined,
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        body,
      });
      const reply = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify(payload));
      };
      if (target === 'TrentService.Encrypt') {
        const sealed: Sealed = {
          keyId: body.KeyId,
          context: body.EncryptionContext,
          plaintext: body.Plaintext,
        };
        reply(200, {
          CiphertextBlob: Buffer.from(JSON.stringify(sealed)).toString('base64'),
          KeyId: body.KeyId,
        });
        return;
      }
      if (target === 'TrentService.Decrypt') {
        let sealed: Sealed | undefined;
        try {
          sealed = JSON.parse(Buffer.from(String(body.CiphertextBlob), 'base64').toString('utf8')) as Sealed;
        } catch {
          sealed = undefined;
        }
        if (
          !sealed ||
          sealed.keyId !== body.KeyId ||
          JSON.stringify(sealed.context) !== JSON.stringify(body.EncryptionContext)
        ) {
          reply(400, { __type: 'InvalidCiphertextException' });
          return;
        }
        reply(200, { Plaintext: sealed.plaintext, KeyId: sealed.keyId });
        return;
      }
      reply(400, { __type: 'UnknownOperationException' });
    });
  };
}

describe('password cipher, KMS', () => {
  let kms: LocalHttpServer;
  const requests: KmsRequest[] = [];

  beforeAll(async () => {
    kms = await startLocalHttpServer(answerKms(requests));
  });

  afterAll(async () => {
    await kms.close();
  });

  beforeEach(() => {
    requests.length = 0;
    vi.stubEnv('AWS_ENDPOINT_URL_KMS', kms.origin);
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDTEST');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('WORDPRESS_KMS_KEY_ID', 'alias/wordpress');
  });

  it('encrypts with the configured key and a purpose context, and decrypts the same way', async () => {
    const cipher = await encryptSecret('app password é');

    expect(cipher.startsWith('kms:v1:')).toBe(true);
    expect(requests).toHaveLength(1);
    const [encrypt] = requests;
    expect(encrypt?.target).toBe('TrentService.Encrypt');
    expect(encrypt?.contentType).toBe('application/x-amz-json-1.1');
    expect(encrypt?.authorization).toMatch(/Credential=AKIDTEST\/\d{8}\/eu-west-1\/kms\/aws4_request, /);
    expect(encrypt?.body).toEqual({
      KeyId: 'alias/wordpress',
      Plaintext: Buffer.from('app password é').toString('base64'),
      EncryptionContext: { purpose: 'wordpress_app_password' },
    });
    // The stored value is KMS's blob as it came (base64), so Decrypt gets back exactly those bytes.
    const blob = cipher.slice('kms:v1:'.length);

    expect(await decryptSecret(cipher)).toBe('app password é');
    const decrypt = requests[1];
    expect(decrypt?.target).toBe('TrentService.Decrypt');
    expect(decrypt?.body).toEqual({
      CiphertextBlob: blob,
      KeyId: 'alias/wordpress',
      EncryptionContext: { purpose: 'wordpress_app_password' },
    });
  });

  it("fails with KMS's own error when KMS refuses the cipher text", async () => {
    const cipher = await encryptSecret('app password');
    // Sealed under another key: KMS refuses it, and the error is named as the SDK named it.
    vi.stubEnv('WORDPRESS_KMS_KEY_ID', 'alias/other');
    await expect(decryptSecret(cipher)).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    expect(requests.map((request) => request.target)).toEqual([
      'TrentService.Encrypt',
      'TrentService.Decrypt',
    ]);
  });
});
