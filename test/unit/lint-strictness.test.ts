import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url);
const biome = join(root.pathname, 'node_modules', '.bin', 'biome');

// Runs the project's own lint command (flags from package.json, rules from biome.json) on one probe
// file in a scratch folder, so the repository's real files are never touched.
async function lint(
  dir: string,
  source: string,
  path = 'probe.ts',
): Promise<{ exitCode: number; output: string }> {
  const pkg: { scripts: { lint: string } } = JSON.parse(
    await readFile(new URL('package.json', root), 'utf8'),
  );
  const [command, subcommand, ...flags] = pkg.scripts.lint.split(' ').filter((part) => part !== '.');
  expect(command).toBe('biome');
  await writeFile(join(dir, path), source);
  try {
    const { stdout, stderr } = await run(biome, [subcommand ?? 'check', ...flags, path], { cwd: dir });
    return { exitCode: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, output: failed.stdout + failed.stderr };
  }
}

// The same command on several probe files at once (one Biome run), for rules that read a file's place
// in the tree (the layers) or its neighbours (import cycles). The output names each file it faults.
async function lintTree(dir: string, files: Readonly<Record<string, string>>): Promise<string> {
  for (const [path, source] of Object.entries(files)) {
    await mkdir(join(dir, dirname(path)), { recursive: true });
    await writeFile(join(dir, path), source);
  }
  try {
    const { stdout, stderr } = await run(biome, ['check', '--error-on-warnings', ...Object.keys(files)], {
      cwd: dir,
    });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return failed.stdout + failed.stderr;
  }
}

/** A probe that imports one module and uses it, formatted as Biome wants it. */
const importing = (specifier: string) =>
  `import { probe } from '${specifier}';\n\nexport const used = probe;\n`;

/** The rules Biome reported for one file, in its output's `path:line:column lint/group/rule` lines. */
const rulesFor = (output: string, path: string): string[] =>
  [...output.matchAll(new RegExp(`^${path.replaceAll('.', '\\.')}:\\d+:\\d+ lint/\\w+/(\\w+)`, 'gm'))].map(
    (match) => match[1] ?? '',
  );

const SNAPSHOT_RULE = 'test/e2e/support/page-snapshot-read.grit';
const COUNT_RULE = 'test/e2e/support/page-one-shot-count.grit';
const browserTest = (read: string) =>
  `import type { Page } from 'playwright-core';\nimport { expect } from 'vitest';\n\nexport async function check(page: Page): Promise<void> {\n  ${read}\n}\n`;

describe('npm run lint', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lint-strictness-'));
    const config = JSON.parse(await readFile(new URL('biome.json', root), 'utf8'));
    // The scratch folder is not a git repository and has no node_modules for the schema.
    config.$schema = undefined;
    config.vcs = { enabled: false };
    await writeFile(join(dir, 'biome.json'), JSON.stringify(config));
    // The browser tests' own rule, a GritQL plugin that biome.json applies under test/e2e only.
    await mkdir(join(dir, 'test', 'e2e', 'support'), { recursive: true });
    await copyFile(new URL(SNAPSHOT_RULE, root), join(dir, SNAPSHOT_RULE));
    await copyFile(new URL(COUNT_RULE, root), join(dir, COUNT_RULE));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('passes clean code', async () => {
    const result = await lint(dir, 'export const greet = (name: string) => name.trim();\n');
    expect(result.output).not.toMatch(/useTemplate|noUnusedFunctionParameters/);
    expect(result.exitCode).toBe(0);
  });

  it('fails on a warning (an unused parameter)', async () => {
    const result = await lint(dir, 'export const greet = (name: string, unused: number) => name.trim();\n');
    expect(result.output).toContain('noUnusedFunctionParameters');
    expect(result.exitCode).not.toBe(0);
  });

  it('fails on what Biome reports only as info (a string concatenation)', async () => {
    const concatenation = await lint(dir, "export const greet = (name: string) => 'hi ' + name;\n");
    expect(concatenation.output).toContain('useTemplate');
    expect(concatenation.exitCode).not.toBe(0);
  });

  it('fails a browser test that reads the page once under expect().resolves', async () => {
    for (const read of [
      "await expect(page.getByTestId('badge').textContent()).resolves.toBe('Configured');",
      "await expect(page.getByLabel('Title').inputValue()).resolves.toBe('');",
      "await expect(page.evaluate('document.activeElement?.id')).resolves.toBe('main');",
    ]) {
      const result = await lint(dir, browserTest(read), 'test/e2e/probe.test.ts');
      expect(result.output).toContain('write expect.poll(() => ...) instead of expect(...).resolves');
      expect(result.exitCode).not.toBe(0);
    }
  });

  it('passes the polled read in a browser test, and the same read outside test/e2e', async () => {
    const polled = await lint(
      dir,
      browserTest("await expect.poll(() => page.getByTestId('badge').textContent()).toBe('Configured');"),
      'test/e2e/probe.test.ts',
    );
    expect(polled.exitCode).toBe(0);
    const elsewhere = await lint(
      dir,
      browserTest("await expect(page.getByTestId('badge').textContent()).resolves.toBe('Configured');"),
    );
    expect(elsewhere.output).not.toContain('expect.poll');
    expect(elsewhere.exitCode).toBe(0);
  });

  it('fails a browser test that counts elements once, and passes the polled count', async () => {
    for (const read of [
      "if ((await page.getByTestId('entry').count()) === 0) await page.getByRole('button').click();",
      "expect(await page.getByTestId('entry').count()).toBe(0);",
      "const before = await page.getByTestId('entry').count();\n  expect(before).toBe(1);",
    ]) {
      const result = await lint(dir, browserTest(read), 'test/e2e/probe.test.ts');
      expect(result.output).toContain('This counts once');
      expect(result.exitCode).not.toBe(0);
    }
    const polled = await lint(
      dir,
      browserTest("await expect.poll(() => page.getByTestId('entry').count()).toBe(0);"),
      'test/e2e/probe.test.ts',
    );
    expect(polled.exitCode).toBe(0);
  });

  it('fails an import cycle, a type-only one and one through import() included', async () => {
    const output = await lintTree(dir, {
      'cycle/feeder.ts': "import { settle } from './settle';\n\nexport const feed = () => settle();\n",
      'cycle/settle.ts': "export const settle = async () => (await import('./feeder')).feed;\n",
      'types/socket.ts':
        "import type { KeepAlive } from './keep-alive';\n\nexport type Socket = { keep: KeepAlive };\n",
      'types/keep-alive.ts':
        "import type { Socket } from './socket';\n\nexport type KeepAlive = { socket: Socket };\n",
      'types/alone.ts': "import type { Socket } from './socket';\n\nexport type Alone = Socket;\n",
    });
    for (const path of ['cycle/feeder.ts', 'cycle/settle.ts', 'types/socket.ts', 'types/keep-alive.ts']) {
      expect(rulesFor(output, path), path).toContain('noImportCycles');
    }
    expect(rulesFor(output, 'types/alone.ts')).toEqual([]);
  });

  it('keeps each layer to the layers below it (docs/decisions.md, "Layers, enforced by the linter")', async () => {
    const faulted = {
      'shared/probe-contract.ts': importing('#contract/routes'),
      'shared/probe-functions.ts': importing('#functions/data/entities'),
      'shared/probe-frontend.ts': importing('@/lib/api-client'),
      'contract/probe-infra.ts': importing('#infra/stack'),
      'contract/probe-cdk.ts': importing('aws-cdk-lib'),
      'contract/probe-functions.ts': importing('#functions/commons/env'),
      'functions/jobs/probe-infra.ts': importing('#infra/queue-timing'),
      'functions/jobs/probe-relative.ts': importing('../../infra/routes'),
      'functions/jobs/probe-local.ts': importing('#local/runtime'),
      'functions/jobs/probe-later.ts': "export const later = () => import('#infra/routes');\n",
      'functions/commons/probe-domain.ts': importing('#functions/clients/client-access'),
      'infra/probe-functions.ts': importing('#functions/data/item-keys'),
      'frontend/src/app/probe-functions.ts': importing('#functions/openapi/build-openapi'),
      'frontend/src/lib/probe-feature.ts': importing('@/features/clients/messages'),
      'frontend/src/features/notifications/probe-alias.ts': importing('@/features/clients/messages'),
      'frontend/src/features/notifications/probe-relative.ts': importing('../clients/messages'),
      'frontend/src/features/clients/library/probe-relative.ts': importing('../../faq/faq-form'),
    };
    const passed = {
      'shared/probe-own.ts': importing('./models'),
      'contract/probe-shared.ts': importing('#shared/auth-groups'),
      'functions/jobs/probe-contract.ts': importing('#contract/routes'),
      'functions/jobs/probe-domain.ts': importing('#functions/clients/client-access'),
      'functions/commons/probe-commons.ts': importing('#functions/commons/logger'),
      'functions/jobs/probe.test.ts': importing('#local/http-api-event'),
      'infra/probe-contract.ts': importing('#contract/routes'),
      'frontend/src/lib/probe-components.ts': importing('@/components/tool/html-frame'),
      'frontend/src/features/notifications/probe-own.ts': importing('./messages'),
      'frontend/src/features/notifications/probe-components.ts': importing('../../components/ui/button'),
      'frontend/src/features/clients/library/probe-own.ts': importing('../messages'),
      'frontend/src/app/probe-feature.ts': importing('@/features/clients/messages'),
    };
    const output = await lintTree(dir, { ...faulted, ...passed });
    for (const path of Object.keys(faulted))
      expect(rulesFor(output, path), path).toContain('noRestrictedImports');
    for (const path of Object.keys(passed)) expect(rulesFor(output, path), path).toEqual([]);
  });
});
