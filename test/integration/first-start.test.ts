import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type LocalRuntime, startLocalRuntime } from '#local/runtime';

/**
 * Issue 10 #13: the first `npm start` on an empty data folder printed the bootstrapped admin's
 * verification code and a raw JSON log line from the sign-up triggers above the banner. Everything the
 * runtime prints while starting, through its log and through the handlers' logger, is captured here.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'lbm-first-start-'));
let runtime: LocalRuntime | undefined;

afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the first start', () => {
  it('prints nothing about the bootstrapped admin and no raw log line before the banner', async () => {
    const lines: string[] = [];
    const consoleLog = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
      lines.push(parts.map(String).join(' '));
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
      lines.push(parts.map(String).join(' '));
    });
    try {
      // The handlers log at info by default (npm start does not set LOG_LEVEL).
      runtime = await startLocalRuntime({
        port: 0,
        dataDir,
        env: { LOG_LEVEL: 'info', OFFLINE_STREAM_DELAY_MS: '0' },
        log: (line) => lines.push(line),
      });
    } finally {
      consoleLog.mockRestore();
      consoleError.mockRestore();
    }
    expect(runtime.admin.email).toMatch(/^admin@/);
    expect(lines.filter((line) => line.includes(runtime?.admin.email ?? 'admin@'))).toEqual([]);
    expect(lines.filter((line) => line.includes('Verify your LBM Studio account'))).toEqual([]);
    expect(lines.filter((line) => line.trim().startsWith('{'))).toEqual([]);
    // The admin's code still reached the local mailbox, and other sign-ups are still announced.
    expect(runtime.mailbox.list().some((message) => message.to === runtime?.admin.email)).toBe(true);
    expect(runtime.mailbox.shouldAnnounce('someone@example.com')).toBe(true);
  });
});
