/**
 * What every SDK client module shares. In AWS the SDK finds everything itself; locally the runtime
 * points each service at its emulator through the SDK's standard `AWS_ENDPOINT_URL_<SERVICE>`
 * variables, read here explicitly so S3 can also switch to path-style addressing.
 *
 * One module per client (dynamodb.ts, s3.ts, …) so a handler's bundle holds only the SDKs it uses.
 */

export const endpoint = (service: string): string | undefined =>
  process.env[`AWS_ENDPOINT_URL_${service}`] || undefined;

/**
 * One client per endpoint, built on first use: in AWS that is one per container; locally a restarted
 * runtime gets new emulator ports, and a client must not keep talking to the old ones.
 */
export const memo = <T>(service: string, create: () => T): (() => T) => {
  let instance: { endpoint: string | undefined; client: T } | undefined;
  return () => {
    const current = endpoint(service);
    if (!instance || instance.endpoint !== current) instance = { endpoint: current, client: create() };
    return instance.client;
  };
};

/** Any SDK v3 client: each has a middleware stack that can drop a middleware by name. */
interface SdkClient {
  readonly middlewareStack: { remove(toRemove: string): boolean };
}

/**
 * The SDK's logger middleware runs on every call and, even with its default no-op logger, first passes
 * the whole input and output through the schema's sensitive-data filter (a walk over every item of a
 * 200-row query). We configure no logger, so nothing would ever be logged: the middleware goes.
 */
export function withoutLogFiltering<C extends SdkClient>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
