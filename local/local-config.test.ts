import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH_FEED_INTERVAL_MINUTES } from '#contract/batch-feed-interval';
import { LOCAL_PORTS, readLocalSettings } from './local-config';
import { repositoryRoot } from './repository-root';

describe('local ports', () => {
  it('reads each port from its variable, a free one (0) when unset', () => {
    const env = Object.fromEntries(
      Object.values(LOCAL_PORTS).map(({ variable }, index) => [variable, `${4100 + index}`]),
    );
    const ports = readLocalSettings(env).emulatorPorts;
    Object.keys(LOCAL_PORTS).forEach((name, index) => {
      expect(ports[name as keyof typeof LOCAL_PORTS], name).toBe(4100 + index);
    });
    for (const port of Object.values(readLocalSettings({}).emulatorPorts)) expect(port).toBe(0);
  });

  it('refuses a port that is not one, naming its variable', () => {
    expect(() => readLocalSettings({ S3_PROXY_PORT: '70000' })).toThrow(
      'S3_PROXY_PORT must be a whole number between 0 and 65535 (got "70000")',
    );
  });

  it('are each in the README’s configuration table', () => {
    const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Pinned versions'));
    for (const { variable } of Object.values(LOCAL_PORTS)) expect(table).toContain(`\`${variable}\``);
  });
});

describe('the scheduled feeder locally', () => {
  it('runs as often as the stack’s rule, unless BATCH_FEED_INTERVAL_SECONDS shortens it', () => {
    expect(readLocalSettings({}).batchFeedIntervalSeconds).toBe(60 * BATCH_FEED_INTERVAL_MINUTES);
    expect(readLocalSettings({ BATCH_FEED_INTERVAL_SECONDS: '2' }).batchFeedIntervalSeconds).toBe(2);
  });
});
