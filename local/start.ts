/**
 * `npm start`: builds the frontend when it is missing or stale, starts the local runtime and prints
 * how to sign in. Ctrl+C stops everything.
 */
import { ensureFrontendBuild } from './frontend-build';
import { quietSdkWarnings } from './quiet-sdk-warnings';
import { startLocalRuntime } from './runtime';
import { startBanner } from './start-banner';
import { warmUpHandlers } from './warm-up';

quietSdkWarnings();

try {
  const buildStarted = performance.now();
  const built = await ensureFrontendBuild();
  const buildSeconds = built ? (performance.now() - buildStarted) / 1000 : null;
  const runtime = await startLocalRuntime();
  console.log(
    startBanner({
      url: `http://localhost:${runtime.settings.port}`,
      // From the process's start (performance's time origin), not this module's: loading the modules
      // above is part of the wait, and takes seconds on a busy machine.
      readySeconds: performance.now() / 1000,
      buildSeconds,
      admin: runtime.admin,
      allowedEmailDomain: runtime.settings.allowedEmailDomain,
      dataDir: runtime.settings.dataDir,
    }),
  );
  // After the banner, so ready means ready: the first generation then finds its handlers loaded.
  void warmUpHandlers(runtime.functions).then((report) => {
    if (report.failed.length > 0)
      console.log(`Could not preload ${report.failed.join(', ')}; each loads when first used.`);
  });
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
