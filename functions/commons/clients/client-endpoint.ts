/**
 * What the SDK client modules share (one module per client, so a handler's bundle holds only the
 * clients it uses). Each client is the SDK's own, configured as its authors intend: region and
 * credentials from the default provider chain (Lambda's environment in AWS, the local runtime's
 * locally), the standard retry mode, and the endpoint the SDK resolves itself. Locally the runtime
 * points each service at its emulator through the SDK's standard `AWS_ENDPOINT_URL_<SERVICE>`
 * variables, so no code here knows where it runs.
 */

/** The endpoint the SDK will take from `AWS_ENDPOINT_URL_<SERVICE>`, when one is configured. */
export const configuredEndpoint = (service: string): string | undefined =>
  process.env[`AWS_ENDPOINT_URL_${service}`] || undefined;

/**
 * One client, built on first use and reused: one per container in AWS. A client reads its endpoint
 * variable once, when built; a local runtime restarted in the same process (as the tests do) gets
 * new emulator ports, so the client is built again when its service's variable changes.
 */
export const memo = <T>(service: string, create: () => T): (() => T) => {
  let instance: { endpoint: string | undefined; client: T } | undefined;
  return () => {
    const current = configuredEndpoint(service);
    if (!instance || instance.endpoint !== current) instance = { endpoint: current, client: create() };
    return instance.client;
  };
};
