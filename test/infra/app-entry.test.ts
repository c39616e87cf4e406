import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, tempDir } from './fixture';

/** Runs bin/app.ts the way the CDK CLI does: context in CDK_CONTEXT_JSON, output in CDK_OUTDIR. */
function runApp(context: Record<string, unknown>, env: Record<string, string | undefined> = process.env) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'bin/app.ts'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    env: {
      ...env,
      CDK_CONTEXT_JSON: JSON.stringify(context),
      CDK_OUTDIR: tempDir('app-'),
    },
  });
}

describe('bin/app.ts', () => {
  it('stops before synthesizing, with every context problem listed, when settings are wrong', () => {
    const result = runApp({ adminEmails: 'nobody', emailOutreachUrl: 'ftp://x.example.org' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid CDK context:');
    expect(result.stderr).toContain('allowedEmailDomain is required');
    expect(result.stderr).toContain('"nobody" is not an e-mail address');
    expect(result.stderr).toContain('emailOutreachUrl "ftp://x.example.org" must be an http or https URL');
  });

  // As `cdk synth` runs it where nothing names a region: the CLI then sets CDK_DEFAULT_REGION to us-east-1,
  // which is no choice of the user's
  // (docs/decisions.md, "Hardening: topic policy, least privilege, regions, ports, the scheduled feeder").
  it('asks for the region to deploy to when neither the environment, a profile nor the context names one', () => {
    const {
      CDK_DEFAULT_REGION: _cli,
      AWS_REGION: _region,
      AWS_DEFAULT_REGION: _default,
      AWS_PROFILE: _profile,
      ...env
    } = process.env;
    const noConfig = tempDir('no-aws-config-');
    const result = runApp(
      { allowedEmailDomain: 'agency.test' },
      {
        ...env,
        CDK_DEFAULT_REGION: 'us-east-1',
        AWS_CONFIG_FILE: join(noConfig, 'config'),
        AWS_SHARED_CREDENTIALS_FILE: join(noConfig, 'credentials'),
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid CDK context:');
    expect(result.stderr).toContain('region: set the region to deploy to');
  });
});
