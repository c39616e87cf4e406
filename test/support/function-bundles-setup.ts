import { inject } from 'vitest';

/** The run's function bundles (function-bundles-global-setup.ts), for startTestRuntime to pass on. */
process.env.LBM_FUNCTION_BUNDLES = inject('functionBundlesDir');
