/**
 * `npm start`: builds the frontend when it is missing or stale, starts the local runtime and prints
 * how to sign in. Ctrl+C stops everything.
 */
import { ensureFrontendBuild } from './frontend-build';
import { quietSdkWarnings } from './quiet-sdk-warnings';
import { startLocalRuntime } from './runtime';

const started = performance.now();

quietSdkWarnings();

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
