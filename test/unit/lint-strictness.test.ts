import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url);
const biome = join(root.pathname, 'node_modules', '.bin', 'biome');

// Runs the project's own lint command (flags from package.json, rules from biome.json) on one probe
// file in a scratch folder, so the repository's real files are never touched.
async function lint(dir: string, source: string): Promise<{ exitCode: number; output: string }> {
  const pkg: { scripts: { lint: string } } = JSON.parse(
    await readFile(new URL('package.json', root), 'utf8'),
  );
  const [command, subcommand, ...flags] = pkg.scripts.lint.split(' ').filter((part) => part !== '.');
  expect(command).toBe('biome');
  await writeFile(join(dir, 'probe.ts'), source);
  try {
    const { stdout, stderr } = await run(biome, [subcommand ?? 'check', ...flags, 'probe.ts'], { cwd: dir });
    return { exitCode: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run lint', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lint-strictness-'));
    const config = JSON.parse(await readFile(new URL('biome.json', root), 'utf8'));
    // The scratch folder is not a git repository and has no node_modules for the schema.
    config.$schema = undefined;
    config.vcs = { enabled: false };
    await writeFile(join(dir, 'biome.json'), JSON.stringify(config));
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
});
