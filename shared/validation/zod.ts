/**
 * zod for every schema of the app: `zod/mini` (functions instead of methods, so a Lambda bundle keeps
 * only what its schemas use; classic zod put far more in every handler: docs/benchmarks.md, "lambda-bundle")
 * with zod's English messages. zod/mini loads no locale, so without this its issues would all say "Invalid
 * input"; classic zod registers the same `en` locale on its first schema, so the messages stay exactly as
 * they were. Import it as `import * as z from '#shared/validation/zod'` (or relatively in shared/).
 */

import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
