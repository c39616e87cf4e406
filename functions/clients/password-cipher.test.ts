import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe('password cipher, KMS', () => {
  const kms = mockClient(KMSClient);

  afterEach(() => {
    kms.reset();
  });

  afterAll(() => {
    kms.restore();
  });

  it('encrypts with the configured key and a purpose context, and decrypts the same way', async () => {
    vi.stubEnv('WORDPRESS_KMS_KEY_ID', 'alias/wordpress');
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('sealed') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('app password') });

    const cipher = await encryptSecret('app password');

    expect(cipher).toBe(`kms:v1:${Buffer.from('sealed').toString('base64')}`);
    const encrypt = kms.commandCalls(EncryptCommand)[0]?.args[0].input;
    expect(encrypt?.KeyId).toBe('alias/wordpress');
    expect(Buffer.from(encrypt?.Plaintext ?? new Uint8Array()).toString()).toBe('app password');
    expect(encrypt?.EncryptionContext).toEqual({ purpose: 'wordpress_app_password' });

    expect(await decryptSecret(cipher)).toBe('app password');
    const decrypt = kms.commandCalls(DecryptCommand)[0]?.args[0].input;
    expect(Buffer.from(decrypt?.CiphertextBlob ?? new Uint8Array()).toString()).toBe('sealed');
    expect(decrypt?.EncryptionContext).toEqual({ purpose: 'wordpress_app_password' });
  });
});
