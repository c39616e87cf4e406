import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { RunningEmulator } from './dynamodb';

const require = createRequire(import.meta.url);

/** The part of a Koa context that the upload-tagging middleware reads. */
interface S3rverContext {
  readonly method: string;
  readonly status: number;
  readonly query: Record<string, unknown>;
  readonly params?: { bucket?: string; key?: string };
  readonly store: { putSubresource(bucket: string, key: string, config: unknown): Promise<void> };
  get(header: string): string;
}

type Middleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
  /** Koa's middleware list, composed when the server starts. */
  middleware: Middleware[];
}

interface TaggingConfigurationModel {
  validate(xml: string): unknown;
}

/** Subresources and multipart steps: a PUT with one of these in its query is not a whole-object upload. */
const NOT_AN_UPLOAD = ['tagging', 'uploadId', 'partNumber', 'acl', 'cors', 'website'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * AWS stores the tags of an upload's `x-amz-tagging` header (`key=value&…`, URL-encoded) with the
 * object; s3rver ignores the header and keeps tags only from PutObjectTagging. This stores them after a
 * successful upload, as a tagging subresource, so the lifecycle rules' tag filters see locally what
 * they see in AWS (docs/decisions.md, "Saved media outlives job media").
 */
function storeUploadTags(taggingModel: TaggingConfigurationModel): Middleware {
  return async (ctx, next) => {
    await next();
    const header = ctx.get('x-amz-tagging');
    const { bucket, key } = ctx.params ?? {};
    if (ctx.method !== 'PUT' || ctx.status !== 200 || !header || !bucket || !key) return;
    if (ctx.get('x-amz-copy-source') || NOT_AN_UPLOAD.some((name) => name in ctx.query)) return;
    const tags = [...new URLSearchParams(header)]
      .map(([name, value]) => `<Tag><Key>${escapeXml(name)}</Key><Value>${escapeXml(value)}</Value></Tag>`)
      .join('');
    await ctx.store.putSubresource(
      bucket,
      key,
      taggingModel.validate(`<Tagging><TagSet>${tags}</TagSet></Tagging>`),
    );
  };
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
 * registered with its account, so the runtime's per-start credential is added, and each function's as it
 * is issued (`allowKey`); all are removed at stop. Tags sent with an upload are kept, as AWS keeps them
 * (storeUploadTags).
 */
export async function startS3(options: {
  dataDir: string;
  port: number;
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Promise<
  RunningEmulator & { allowKey(credentials: { accessKeyId: string; secretAccessKey: string }): void }
> {
  const S3rver = require('s3rver') as S3rverConstructor;
  const account = (require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: S3rverAccount }).DUMMY_ACCOUNT;
  const keys: string[] = [];
  const allowKey = (credentials: { accessKeyId: string; secretAccessKey: string }) => {
    account.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
    keys.push(credentials.accessKeyId);
  };
  allowKey(options.credentials);
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    allowMismatchedSignatures: true,
  });
  const { TaggingConfiguration } = require('s3rver/lib/models/config') as {
    TaggingConfiguration: TaggingConfigurationModel;
  };
  // First in the chain, so it sees the upload's outcome after every other middleware has run.
  server.middleware.unshift(storeUploadTags(TaggingConfiguration));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    allowKey,
    stop: async () => {
      server.httpServer?.closeAllConnections?.();
      await server.close();
      for (const key of keys.splice(0)) account.revokeAccessKey(key);
    },
  };
}
