import { randomBytes } from 'node:crypto';
import type { RuntimeCredentials } from '../bootstrap';

/**
 * The credentials the local runtime issues: its own (the operator's, for bootstrap and recovery, allowed
 * everything as an account's administrator is) and one per function, whose access key id names the
 * function. Each function's thread signs with its own (local/functions/), so every call it makes to an
 * emulator says which function made it, as a Lambda's execution role session does in AWS.
 */
export class LocalIdentities {
  private readonly byKeyId = new Map<string, string>();
  private readonly byFunction = new Map<string, RuntimeCredentials>();

  constructor(readonly runtime: RuntimeCredentials) {}

  /** The function's credentials, made on first use and kept for the runtime's life. */
  credentialsOf(functionId: string): RuntimeCredentials {
    let credentials = this.byFunction.get(functionId);
    if (!credentials) {
      credentials = {
        accessKeyId: `${functionId}-${randomBytes(6).toString('hex').toUpperCase()}`,
        secretAccessKey: randomBytes(30).toString('base64url'),
      };
      this.byFunction.set(functionId, credentials);
      this.byKeyId.set(credentials.accessKeyId, functionId);
      for (const listener of this.listeners) listener(credentials);
    }
    return credentials;
  }

  private readonly listeners: Array<(credentials: RuntimeCredentials) => void> = [];

  /** Called with each function credential as it is issued (s3rver must know every key). */
  onIssue(listener: (credentials: RuntimeCredentials) => void): void {
    this.listeners.push(listener);
    for (const credentials of this.byFunction.values()) listener(credentials);
  }

  /** 'runtime', the function a key belongs to, or null for a key this runtime never issued. */
  whose(keyId: string): 'runtime' | { functionId: string } | null {
    if (keyId === this.runtime.accessKeyId) return 'runtime';
    const functionId = this.byKeyId.get(keyId);
    return functionId ? { functionId } : null;
  }

  isKnown = (keyId: string): boolean => this.whose(keyId) !== null;
}
