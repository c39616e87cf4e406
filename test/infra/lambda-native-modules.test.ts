import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyLambdaNativeModules, LAMBDA_NATIVE_DIR, packageClosure } from '#infra/lambda-native-modules';
import { MEDIA_WORKER_NODE_MODULES } from '#infra/media-bundling';
import { createProjectRoot, repositoryRoot, tempDir } from './fixture';

/**
 * docs/decisions.md, "An offline synth": the packages a Lambda carries beside its bundle are installed for
 * Lambda's platform by `npm install` (postinstall), and the synth copies them: it needs no registry. A synth
 * of a project where they are missing fails and says what to run.
 */

const run = (commands: readonly string[]) =>
  execFileSync('bash', ['-c', commands.join(' && ')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('packages carried beside a Lambda bundle', () => {
  it('are installed for Linux arm64, with their dependencies, and copied from there', () => {
    const closure = packageClosure(join(repositoryRoot, LAMBDA_NATIVE_DIR, 'node_modules'), [
      ...MEDIA_WORKER_NODE_MODULES,
    ]);
    expect(closure).toEqual(
      expect.arrayContaining([
        'sharp',
        'espeak-ng',
        '@img/sharp-linux-arm64',
        '@img/sharp-libvips-linux-arm64',
      ]),
    );
    expect(closure.filter((name) => /x64|darwin|win32|musl/.test(name))).toEqual([]);

    const outputDir = tempDir('native-copy-');
    run(copyLambdaNativeModules(repositoryRoot, ['sharp'], outputDir));
    const copied = packageClosure(join(outputDir, 'node_modules'), ['sharp']);
    expect(copied).toContain('@img/sharp-linux-arm64');
    expect(copied).not.toContain('espeak-ng');
  });

  it('fail the bundling with the command to run when they were never installed', () => {
    const projectRoot = createProjectRoot();
    const commands = copyLambdaNativeModules(projectRoot, ['sharp'], tempDir('native-missing-'));
    expect(() => run(commands)).toThrow(/npm run install:lambda-native/);
  });
});
