import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/frontend/dist/**', '**/cdk.out/**', '**/.data/**'];
const COMPONENT_TESTS = 'frontend/src/**/*.component.test.tsx';

/**
 * Vitest's own default is one worker fewer than the CPUs: a single worker on the 2-core CI machine, so
 * every file ran after the other. Most integration files spend their time waiting (SQS visibility
 * timeouts, backoffs, the real WordPress; measured at about 30% of a core each), so two files at a time
 * nearly halve the wall time while the CPU stays shared. Larger machines keep Vitest's default.
 */
const workers = Math.max(2, availableParallelism() - 1);
/**
 * Integration files wait more than they compute: in a CI run two at a time their own durations add up
 * to 611 s, for 476 s of CPU in all (the project run alone under `time`), so two files keep about 1.5
 * of the 2 cores busy. One more file at a time fills the rest. Vitest runs projects of different worker counts as separate groups
 * (`sequence.groupOrder`): unit and infra first, then integration.
 */
const integrationWorkers = workers + 1;
/**
 * Browser files: each runs the app and a Chromium, about one core between them, so two at a time on
 * any machine: the 2-core CI machine is then busy without every browser test waiting behind another.
 * Three at a time were measured slower on it (593 s for the suite against 575 s).
 */
const browserWorkers = 2;

export default defineConfig({
  // The frontend's own alias, so its colocated unit tests resolve like the Vite build does.
  resolve: { alias: { '@': fileURLToPath(new URL('./frontend/src', import.meta.url)) } },
  test: {
    maxWorkers: workers,
    // The default output, then the five slowest files with their import and describe-block time.
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    // Hides the AWS SDK's Node-version notice in every worker; other warnings still print.
    setupFiles: ['test/support/quiet-warnings-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'local/**/*.test.ts',
            'frontend/src/**/*.test.{ts,tsx}',
            'test/unit/**/*.test.ts',
          ],
          exclude: [...ignored, COMPONENT_TESTS],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // Screens and dialogs rendered in a DOM without a browser (Testing Library, happy-dom), their
          // API answered by Mock Service Worker (frontend/src/testing/): what a screen does with a reply
          // is proven here, and the e2e suite keeps what needs Chromium (docs/testing.md).
          name: 'component',
          include: [COMPONENT_TESTS],
          exclude: ignored,
          environment: 'happy-dom',
          setupFiles: ['frontend/src/testing/setup.ts'],
          // A whole screen renders in a few seconds on a loaded 2-core machine; 5 s left no room.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          exclude: ignored,
          testTimeout: 120_000,
          // A fresh process per file loaded aws-cdk-lib and ran a first synthesis (which loads most of
          // the rest) in every one of them: about 20 s a file on a loaded 2-core machine. The files
          // share no state but what test/infra/run-cache.ts shares on purpose (the synthesized default
          // app and the Lambda bundles, built once per run), and each restores what it changes.
          isolate: false,
          globalSetup: ['test/infra/global-setup.ts'],
          setupFiles: ['test/infra/scratch-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: ignored,
          maxWorkers: integrationWorkers,
          // A file runs in a worker that earlier files ran in, with their modules loaded: each file
          // starts and stops its own runtime (which restores the environment it changed,
          // local/runtime.ts), so nothing else is shared; loading the runtime, the SDK and the test
          // support once per worker instead of once per file saves seconds of CPU in each of the files.
          isolate: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/support/function-bundles-global-setup.ts'],
          setupFiles: ['test/support/function-bundles-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ignored,
          globalSetup: ['test/support/function-bundles-global-setup.ts'],
          setupFiles: ['test/support/function-bundles-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Reads of the page are polled (the page-snapshot-read lint rule). Vitest gives a poll one
          // second; a render behind a request can take longer on the 2-core CI machine under load.
          expect: { poll: { timeout: 10_000 } },
          // Every file starts its own runtime (free ports, throw-away data directory) and its own
          // Chromium, so files share nothing but the frontend build, which is built under a lock.
          maxWorkers: browserWorkers,
          // As the integration files: a worker's modules are loaded once, not once per file.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
