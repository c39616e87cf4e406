import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export type LambdaHandler<Event, Result> = (event: Event, context: Context) => Promise<Result>;

const loaded = new Map<string, Promise<unknown>>();

/**
 * Imports a handler module by its route-table entry (the same file CDK bundles), once. The gateway loads
 * entries on first use, so start-up stays fast however many routes there are. The caller names the
 * event and result types of that kind of handler, as Lambda's own runtime leaves them untyped.
 */
export async function loadHandler<Event, Result>(entry: string): Promise<LambdaHandler<Event, Result>> {
  let module = loaded.get(entry);
  if (!module) {
    module = import(pathToFileURL(join(repositoryRoot, entry)).href);
    loaded.set(entry, module);
  }
  const { handler } = (await module) as { handler?: unknown };
  if (typeof handler !== 'function') throw new Error(`${entry} does not export a handler`);
  return handler as LambdaHandler<Event, Result>;
}
