/**
 * Child process of stack-template.ts: synthesizes the stack without bundling and writes its template
 * to the file named by the first argument. A process of its own, so aws-cdk-lib's memory leaves with it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildUnbundledApp, cdkJsonContext, writeStandInProjectRoot } from '#infra/unbundled-app';
import { repositoryRoot } from '../repository-root';

const [output, scratch] = process.argv.slice(2);
if (!output || !scratch) throw new Error('usage: synth-template.ts <template.json> <scratch dir>');
const work = mkdtempSync(join(scratch, 'synth-'));
try {
  const { app, stack } = buildUnbundledApp({
    context: cdkJsonContext(repositoryRoot),
    projectRoot: writeStandInProjectRoot(mkdtempSync(join(work, 'root-'))),
    outdir: join(work, 'cdk.out'),
  });
  const assembly = app.synth();
  writeFileSync(output, JSON.stringify(assembly.getStackArtifact(stack.artifactId).template));
} finally {
  rmSync(work, { recursive: true, force: true });
}
