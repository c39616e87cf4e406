/**
 * Where each AWS client calls (the services on aws-json-client.ts, DynamoDB's document client,
 * s3-objects.ts; the tests' SDK clients under test/support/ too). In AWS each calls its regional
 * endpoint; locally the runtime points each service at its emulator through the standard
 * `AWS_ENDPOINT_URL_<SERVICE>` variables, read here (S3 also switches to path-style addressing when
 * one is set).
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
