import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { RunningEmulator } from './dynamodb';

const require = createRequire(import.meta.url);

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}

type S3rverConstructor = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  allowMismatchedSignatures: boolean;
}) => S3rverInstance;

interface S3rverAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  revokeAccessKey(accessKeyId: string): void;
}

/**
 * s3rver in-process, objects kept as files under the data directory. It knows only the access keys
 * registered with its account, so the runtime's per-start credential is added (and removed at stop).
 */
export async function startS3(options: {
  dataDir: string;
  port: number;
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Promise<RunningEmulator> {
  const S3rver = require('s3rver') as S3rverConstructor;
  const account = (require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: S3rverAccount }).DUMMY_ACCOUNT;
  account.createKeyPair(options.credentials.accessKeyId, options.credentials.secretAccessKey);
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.httpServer?.closeAllConnections?.();
      await server.close();
      account.revokeAccessKey(options.credentials.accessKeyId);
    },
  };
}
