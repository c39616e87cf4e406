import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type LocalRuntime, startLocalRuntime } from '#local/runtime';

/**
 * docs/decisions.md, "Small things a newcomer saw": the first `npm start` on an empty data folder printed the
 * bootstrapped admin's verification code and a raw JSON log line from the sign-up triggers above the banner.
 * Everything the runtime prints while starting is captured here: its log, its console, and the functions'
 * output (their threads' stdout and stderr, where the handlers' logger writes).
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
        functionOutput: (_stream, text) => lines.push(...text.split('\n').filter((line) => line !== '')),
      });
    } finally {
      consoleLog.mockRestore();
      consoleError.mockRestore();
    }
    expect(runtime.admin.email).toMatch(/^admin@/);
    expect(lines.filter((line) => line.includes(runtime?.admin.email ?? 'admin@'))).toEqual([]);
    expect(lines.filter((line) => line.includes('Verify your LBM Studio account'))).toEqual([]);
    expect(lines.filter((line) => line.trim().startsWith('{'))).toEqual([]);
    // Nor does /dev/mailbox list it: the runtime took the code itself.
    const listed = (await (await fetch(`${runtime.url}/dev/mailbox.json`)).json()) as {
      messages: Array<{ to: string }>;
    };
    expect(listed.messages.filter((message) => message.to === runtime?.admin.email)).toEqual([]);

    // Anyone else who signs up gets the code on the console and in the mailbox, as before.
    const someone = `someone@${runtime.settings.allowedEmailDomain}`;
    const cognito = new CognitoIdentityProviderClient({
      endpoint: runtime.endpoints.cognito,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      await cognito.send(
        new SignUpCommand({
          ClientId: runtime.config.userPoolClientId,
          Username: someone,
          Password: 'Secret-123',
        }),
      );
    } finally {
      cognito.destroy();
    }
    expect(lines.filter((line) => line.includes(someone))).toHaveLength(1);
    expect(runtime.mailbox.list().filter((message) => message.to === someone)).toHaveLength(1);
  });
});
