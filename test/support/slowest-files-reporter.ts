import { loadavg } from 'node:os';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, after a run, the test files that took longest, counting what Vitest's own per-file figure
 * leaves out: importing the file and running its describe blocks (where an infra file synthesizes) and
 * the setup files. The five slowest files are compared before and after each change to the suite
 * (docs/decisions.md, "CI wall time (tests two files at a time)"),
 * with the load average, because a busy machine makes every figure here depend on it.
 */

const SHOWN = 5;

export interface FileTime {
  readonly file: string;
  readonly project: string;
  readonly seconds: number;
}

export function fileTime(module: TestModule): FileTime {
  const diagnostic = module.diagnostic();
  const milliseconds =
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.setupDuration +
    diagnostic.collectDuration +
    diagnostic.duration;
  return { file: module.relativeModuleId, project: module.project.name, seconds: milliseconds / 1000 };
}

export function slowestFiles(times: readonly FileTime[], count = SHOWN): FileTime[] {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length < 2) return;
    const [one, five, fifteen] = loadavg().map((value) => value.toFixed(1));
    const lines = slowestFiles(modules.map(fileTime)).map(
      (time) => `  ${time.seconds.toFixed(1).padStart(7)} s  ${time.file} (${time.project})`,
    );
    process.stdout.write(
      `\nSlowest test files (import, describe blocks and tests; load average ${one} ${five} ${fifteen}):\n${lines.join('\n')}\n`,
    );
  }
}
