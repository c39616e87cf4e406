import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, wherever it was cloned: what the local runtime's paths start from. */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
