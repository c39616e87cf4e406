/**
 * `npm start`: builds the frontend when it is missing or stale, starts the local runtime and prints
 * how to sign in. Ctrl+C stops everything.
 */
import { ensureFrontendBuild } from './frontend-build';
import { startLocalRuntime } from './runtime';

const started = performance.now();

// cognito-local bundles the v2 SDK, which announces its end of life on every start; the v3 SDK warns
// that future releases need Node 22. Neither is actionable for someone running the app locally.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'NodeVersionSupportWarning') console.warn(warning);
});

try {
  const buildStarted = performance.now();
  if (await ensureFrontendBuild()) {
    console.log(`Built the frontend in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s.`);
  }
  const runtime = await startLocalRuntime();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const url = `http://localhost:${runtime.settings.port}`;
  console.log(`
  LBM Studio is running at ${url}  (ready in ${seconds} s)

  Sign in as the admin:  ${runtime.admin.email}  /  ${runtime.admin.password}
  Or sign up with any @${runtime.settings.allowedEmailDomain} address; the verification code appears
  here and at ${url}/dev/mailbox.

  Data is kept in ${runtime.settings.dataDir}. Press Ctrl+C to stop.
`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`\nLBM Studio could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
