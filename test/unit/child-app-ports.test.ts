import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { onFreePort, type SpawnedApp } from '#test/support/child-app';

/**
 * The child app's start on a free port (test/support/child-app.ts): a port found free can be taken
 * before the app binds it, which failed a CI run ("Port 46681 is already in use"); the start then tries
 * another port, and only for that reason.
 */

const child = {} as ChildProcess;
const taken = (port: number): SpawnedApp => ({
  child,
  ready: false,
  output: () =>
    `LBM Studio could not start: Port ${port} is already in use, so the app cannot start. Stop the other program or pick another port (for example PORT=3001 npm start).`,
});
const running: SpawnedApp = { child, ready: true, output: () => 'LBM Studio is running at http://localhost' };

describe('onFreePort', () => {
  it('tries another free port when the app says its port was taken', async () => {
    const ports: number[] = [];
    const started = await onFreePort(async (port) => {
      ports.push(port);
      return ports.length === 1 ? taken(port) : running;
    });
    expect(started.ready).toBe(true);
    expect(ports).toHaveLength(2);
    expect(started.port).toBe(ports[1]);
  });

  it('does not try again when the app failed for another reason', async () => {
    let tries = 0;
    const started = await onFreePort(async () => {
      tries += 1;
      return {
        child,
        ready: false,
        output: () => 'LBM Studio could not start: the data folder is not writable',
      };
    });
    expect(started.ready).toBe(false);
    expect(tries).toBe(1);
  });

  it('gives up after three taken ports', async () => {
    let tries = 0;
    const started = await onFreePort(async (port) => {
      tries += 1;
      return taken(port);
    });
    expect(started.ready).toBe(false);
    expect(tries).toBe(3);
  });
});
