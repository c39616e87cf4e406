/**
 * cognito-local bundles the v2 AWS SDK, which announces its end of life on every start, and the v3 SDK
 * warns that its releases after January 2027 need Node 22. Neither is actionable for someone running the
 * app, the seed, a benchmark or the tests on Node 20, so the command-line entry points and the vitest
 * setup hide exactly those two. Every other warning is still printed, as Node prints it.
 */

/** The v3 SDK's text; it arrives as a plain `Warning` whose message starts with this name. */
const NODE_VERSION_WARNING = 'NodeVersionSupportWarning';

export function isSdkNodeVersionWarning(warning: Error): boolean {
  return warning.name === NODE_VERSION_WARNING || warning.message.startsWith(`${NODE_VERSION_WARNING}:`);
}

function printLikeNode(warning: Error): void {
  process.stderr.write(`(node:${process.pid}) ${warning.name}: ${warning.message}\n`);
}

export function quietSdkWarnings(): void {
  // The SDKs' own switches, read when a client is first built...
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // ...and a filter for a copy of the SDK that was loaded or configured before they were set.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (!isSdkNodeVersionWarning(warning)) printLikeNode(warning);
  });
}
