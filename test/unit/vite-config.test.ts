import { fileURLToPath } from 'node:url';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the frontend’s Vite config', () => {
  it('loads without a warning (every build printed the native config loader’s)', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => warnings.push(message);
    logger.warnOnce = (message) => warnings.push(message);
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      'frontend/vite.config.ts',
      root,
      'warn',
      logger,
    );
    expect(loaded?.path).toContain('vite.config.ts');
    expect(warnings).toEqual([]);
  });
});
