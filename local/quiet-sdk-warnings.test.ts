import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSdkNodeVersionWarning, quietSdkWarnings } from './quiet-sdk-warnings';

// The v3 SDK's exact call (@aws-sdk/core emitWarningIfUnsupportedVersion): a plain string, so Node
// wraps it in an Error named 'Warning'.
const SDK_TEXT = `NodeVersionSupportWarning: The AWS SDK for JavaScript (v3)
versions published after the first week of January 2027
will require node >=22. You are running node v20.19.0.`;

/** The Error object Node hands to 'warning' listeners for `process.emitWarning(message)`. */
async function emitted(message: string): Promise<Error> {
  const received = new Promise<Error>((resolve) => process.once('warning', resolve));
  process.emitWarning(message);
  return received;
}

describe('isSdkNodeVersionWarning', () => {
  it('recognises the SDK warning as Node really emits it (a plain Warning)', async () => {
    const warning = await emitted(SDK_TEXT);
    expect(warning.name).toBe('Warning');
    expect(isSdkNodeVersionWarning(warning)).toBe(true);
  });

  it('keeps every other warning', async () => {
    expect(isSdkNodeVersionWarning(await emitted('Something else happened'))).toBe(false);
    expect(isSdkNodeVersionWarning(await emitted('A NodeVersionSupportWarning: quoted later'))).toBe(false);
  });
});

describe('quietSdkWarnings', () => {
  let saved: NodeJS.WarningListener[] = [];
  let written: string[] = [];
  beforeEach(() => {
    saved = process.listeners('warning');
    written = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.removeAllListeners('warning');
    for (const listener of saved) process.on('warning', listener);
  });

  it('prints other warnings once, without a stack trace, and hides the SDK one', async () => {
    quietSdkWarnings();
    await emitted(SDK_TEXT);
    await emitted('Deprecated thing');
    expect(written.join('')).not.toContain('NodeVersionSupportWarning');
    expect(written).toEqual([`(node:${process.pid}) Warning: Deprecated thing\n`]);
  });

  it("turns on the SDK's own switch", () => {
    quietSdkWarnings();
    expect(process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe('true');
  });
});
