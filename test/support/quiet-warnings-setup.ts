/** Vitest setup for every project: the same warning filter as `npm start` (local/quiet-sdk-warnings.ts). */
import { quietSdkWarnings } from '#local/quiet-sdk-warnings';

quietSdkWarnings();
