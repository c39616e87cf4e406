import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/frontend/dist/**', '**/cdk.out/**', '**/.data/**'];

export default defineConfig({
  // The frontend's own alias, so its colocated unit tests resolve like the Vite build does.
  resolve: { alias: { '@': fileURLToPath(new URL('./frontend/src', import.meta.url)) } },
  test: {
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
          exclude: ignored,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], exclude: ignored, testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: ignored,
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
