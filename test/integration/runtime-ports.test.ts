import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_PORTS } from '#local/local-config';
import { freePort, PortInUseError } from '#local/ports';
import { type LocalRuntime, startLocalRuntime } from '#local/runtime';

/**
 * docs/decisions.md, "Hardening: topic policy, least privilege, regions, ports, the scheduled feeder": every
 * port `npm start` opens is one a variable sets (local/local-config.ts, LOCAL_PORTS, and PORT). The runtime
 * is started with each of them set, and the ports this process then listens on are read from Linux's socket
 * tables: exactly the ones given, none the OS picked.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'lbm-ports-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The TCP ports this process listens on: its sockets (/proc/self/fd) that /proc/net/tcp* lists as LISTEN. */
function listeningPorts(): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(join('/proc/self/fd', fd)));
      if (socket?.[1]) inodes.add(socket[1]);
    } catch {
      // The descriptor was closed meanwhile (readdir's own, among others).
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const [, local = '', , state, , , , , , inode = ''] = columns;
      // 0A is TCP_LISTEN.
      if (state === '0A' && inodes.has(inode)) ports.add(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

describe('the ports npm start opens', () => {
  it('are the app port and the ones its variables set, and no other', async () => {
    const before = listeningPorts();
    let runtime: LocalRuntime | undefined;
    let chosen: number[] = [];
    // A port found free may be taken before the runtime binds it (by another test's emulators): the
    // start then refuses with PortInUseError, and other ports are tried.
    for (let attempt = 1; !runtime; attempt += 1) {
      const app = await freePort();
      const env: Record<string, string> = { LOG_LEVEL: 'error' };
      chosen = [app];
      for (const { variable } of Object.values(LOCAL_PORTS)) {
        let port = await freePort();
        while (chosen.includes(port)) port = await freePort();
        chosen.push(port);
        env[variable] = String(port);
      }
      try {
        runtime = await startLocalRuntime({ port: app, dataDir, quiet: true, env });
      } catch (error) {
        if (!(error instanceof PortInUseError) || attempt === 3) throw error;
      }
    }
    try {
      const opened = [...listeningPorts()].filter((port) => !before.has(port));
      expect(opened.sort((a, b) => a - b)).toEqual([...chosen].sort((a, b) => a - b));
      // The functions' AWS endpoints are the IAM proxies on their configured ports.
      for (const [name, variable] of [
        ['DYNAMODB', 'DYNAMODB_PROXY_PORT'],
        ['S3', 'S3_PROXY_PORT'],
        ['SQS', 'SQS_PROXY_PORT'],
        ['COGNITO_IDENTITY_PROVIDER', 'COGNITO_PROXY_PORT'],
      ] as const) {
        const port = chosen[Object.values(LOCAL_PORTS).findIndex((entry) => entry.variable === variable) + 1];
        expect(process.env[`AWS_ENDPOINT_URL_${name}`], name).toBe(`http://127.0.0.1:${port}`);
      }
    } finally {
      await runtime.stop();
    }
  });
});
