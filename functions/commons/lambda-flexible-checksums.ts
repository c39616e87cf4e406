/**
 * `@aws-sdk/checksums/flexible-checksums` and `@aws-sdk/checksums/sha` inside a Lambda bundle (esbuild
 * `alias`, LAMBDA_BUNDLE_ALIASES in infra/lambda-bundle-aliases.ts). S3's flexible checksums bring the
 * CRC32C/CRC64-NVME/SHA-1/SHA-512 code, aws-chunked trailers and response validation: about 12 KB in
 * every handler that talks to S3. Our one S3 client (functions/commons/clients/s3.ts) asks for checksums
 * only when required, in AWS as against s3rver, and the calls we make (PutObject, GetObject,
 * DeleteObject, a presigned GetObject) never require one and never set ChecksumAlgorithm or
 * ChecksumMode; for those calls the real middleware adds nothing to the request and checks nothing in
 * the response. So the bundle keeps the same middleware slot, which passes such calls through unchanged
 * and fails loudly the moment a call would need a checksum (an operation that requires one, such as
 * DeleteObjects, a ChecksumAlgorithm or ChecksumMode in the input, or a client configured with
 * WHEN_SUPPORTED). Unset, the settings default to WHEN_REQUIRED here (the SDK's default is
 * WHEN_SUPPORTED, which adds an optional CRC32 that S3 does not need).
 * Local runs and tests are not bundled and keep the real module; test/infra/s3-bundle-aliases.test.ts
 * sends each of these calls through a bundle built with the aliases and checks the requests on the wire.
 */

const WHEN_REQUIRED = 'WHEN_REQUIRED';
const CHECKSUM_HEADER_PREFIX = 'x-amz-checksum-';

function unsupported(reason: string): never {
  throw new Error(
    `S3 checksums are left out of Lambda bundles (functions/commons/lambda-flexible-checksums.ts): ${reason}`,
  );
}

type Provider<T> = () => Promise<T>;

interface ChecksumSettings {
  requestChecksumCalculation?: string | Provider<string>;
  responseChecksumValidation?: string | Provider<string>;
  requestStreamBufferSize?: number | string;
  checksumAlgorithms?: Record<string, unknown>;
}

interface ResolvedChecksumSettings {
  requestChecksumCalculation: Provider<string>;
  responseChecksumValidation: Provider<string>;
  requestStreamBufferSize: number;
  checksumAlgorithms: Record<string, unknown>;
}

const asProvider = (value: string | Provider<string>): Provider<string> =>
  typeof value === 'function' ? value : () => Promise.resolve(value);

/** As the real resolver: the two settings become providers (the default, as above, is WHEN_REQUIRED). */
export function resolveFlexibleChecksumsConfig<Input extends ChecksumSettings>(
  input: Input,
): Input & ResolvedChecksumSettings {
  return Object.assign(input, {
    requestChecksumCalculation: asProvider(input.requestChecksumCalculation ?? WHEN_REQUIRED),
    responseChecksumValidation: asProvider(input.responseChecksumValidation ?? WHEN_REQUIRED),
    requestStreamBufferSize: Number(input.requestStreamBufferSize ?? 0),
    checksumAlgorithms: input.checksumAlgorithms ?? {},
  });
}

/** The checksum traits S3's command builder passes for each operation. */
interface ChecksumTraits {
  readonly requestChecksumRequired?: boolean;
  readonly requestAlgorithmMember?: { readonly name: string; readonly httpHeader?: string };
  readonly requestValidationModeMember?: string;
}

interface BuildArgs {
  readonly input: Record<string, unknown>;
  readonly request: unknown;
}

type Handler = (args: BuildArgs) => Promise<unknown>;

interface Stack {
  add(
    middleware: (next: Handler) => Handler,
    options: { name: string; step: 'build'; tags: string[]; override: boolean },
  ): void;
}

function requestHeaders(request: unknown): Record<string, string> {
  if (typeof request !== 'object' || request === null || !('headers' in request)) return {};
  const { headers } = request;
  return typeof headers === 'object' && headers !== null ? (headers as Record<string, string>) : {};
}

/**
 * Why the real middleware would compute a request checksum or validate the response for this call, or
 * null when it would do neither (then it changes nothing, and neither does this one).
 */
async function checksumWork(
  settings: ResolvedChecksumSettings,
  traits: ChecksumTraits,
  args: BuildArgs,
): Promise<string | null> {
  const calculation = await settings.requestChecksumCalculation();
  const validation = await settings.responseChecksumValidation();
  const { requestChecksumRequired, requestAlgorithmMember, requestValidationModeMember } = traits;
  const callerChecksum = Object.keys(requestHeaders(args.request)).some((name) =>
    name.toLowerCase().startsWith(CHECKSUM_HEADER_PREFIX),
  );
  if (!callerChecksum) {
    const member = requestAlgorithmMember?.name;
    if (member !== undefined && args.input[member])
      return `the call asks for a ${args.input[member]} checksum`;
    if (requestChecksumRequired) return 'the operation requires a request checksum';
    if (calculation !== WHEN_REQUIRED) return `requestChecksumCalculation is ${calculation}`;
  }
  if (requestValidationModeMember !== undefined) {
    if (args.input[requestValidationModeMember] === 'ENABLED')
      return 'the call asks to validate the checksum';
    if (validation !== WHEN_REQUIRED) return `responseChecksumValidation is ${validation}`;
  }
  return null;
}

/** Takes the real plugin's place (same name and step) and lets through only calls it would not touch. */
export function getFlexibleChecksumsPlugin(settings: ResolvedChecksumSettings, traits: ChecksumTraits) {
  return {
    applyToStack(stack: Stack): void {
      stack.add(
        (next) => async (args) => {
          const work = await checksumWork(settings, traits, args);
          if (work !== null) unsupported(work);
          return next(args);
        },
        { name: 'flexibleChecksumsMiddleware', step: 'build', tags: ['BODY_CHECKSUM'], override: true },
      );
    },
  };
}

/**
 * S3's runtime config reads these when a client sets neither checksum option. Ours always sets both to
 * WHEN_REQUIRED (DESIGN.md: s3rver needs it, and AWS gets the same), so in a bundle that is also the
 * default: a client built without them sends what ours sends. The environment variables still win, as
 * in the real module, and WHEN_SUPPORTED from them fails at the first call. Config files are not read:
 * Lambda has none.
 */
const fromEnvironment =
  (name: string) =>
  (env: Record<string, string | undefined>): string | undefined =>
    env[name] || undefined;
export const NODE_REQUEST_CHECKSUM_CALCULATION_CONFIG_OPTIONS = {
  environmentVariableSelector: fromEnvironment('AWS_REQUEST_CHECKSUM_CALCULATION'),
  configFileSelector: (): undefined => undefined,
  default: WHEN_REQUIRED,
};
export const NODE_RESPONSE_CHECKSUM_VALIDATION_CONFIG_OPTIONS = {
  environmentVariableSelector: fromEnvironment('AWS_RESPONSE_CHECKSUM_VALIDATION'),
  configFileSelector: (): undefined => undefined,
  default: WHEN_REQUIRED,
};

/** `@aws-sdk/checksums/sha`: S3's config names SHA-1 for checksums, which only the code above would pick. */
export class Sha1 {
  constructor() {
    unsupported('SHA-1 checksums');
  }
}
