/**
 * `@smithy/core/event-streams` inside a Lambda bundle. Every SDK client's protocol (HttpProtocol)
 * reaches that module through a dynamic `import()`, which esbuild inlines whole (no code splitting in
 * NodejsFunction): about 15 KB of event-stream codecs in each handler. Only event-stream operations
 * use it (S3 SelectObjectContent, Kinesis SubscribeToShard, Bedrock streams), and no handler calls one,
 * so the bundle swaps the module for this one (esbuild `alias`, LAMBDA_BUNDLE_ALIASES in
 * infra/app-function.ts). Local runs and tests are not bundled and keep the real module;
 * test/infra/bundle-budget.test.ts runs S3 and DynamoDB calls through a bundle built with the aliases.
 */

function unsupported(): never {
  throw new Error(
    'Event-stream operations are left out of Lambda bundles (functions/commons/lambda-event-streams.ts)',
  );
}

const marshaller = { serialize: unsupported, deserialize: unsupported };

/**
 * What S3Client's constructor calls (the one static import of the module among our SDK clients). The
 * real one builds the marshaller at once; here it fails only if an event-stream operation runs.
 */
export function resolveEventStreamSerdeConfig<Input extends object>(
  input: Input,
): Input & { eventStreamMarshaller: typeof marshaller } {
  return Object.assign(input, { eventStreamMarshaller: marshaller });
}

/** S3's runtime config names it; only resolveEventStreamSerdeConfig or an event-stream call would run it. */
export const eventStreamSerdeProvider = unsupported;

/** What HttpProtocol loads for an event-stream operation. */
export class EventStreamSerde {
  constructor() {
    unsupported();
  }
}
