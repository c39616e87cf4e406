import { afterAll } from 'vitest';
import { clearScratch } from './run-cache';

/**
 * Runs before each infra test file (the project's setup file; its modules stay loaded between files,
 * `isolate: false`): the scratch folders a file made are removed when it ends.
 */
afterAll(clearScratch);
