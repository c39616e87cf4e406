/**
 * `npm start` in a child process, for the tests and benches that kill it (kill -9 mid-run) and start it
 * again on the same data, and signing in through the app's own Cognito endpoint as the browser does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '#local/ports';
import { repositoryRoot } from '#local/repository-root';

export interface ChildApp {
  readonly child: ChildProcess;
  readonly port: number;
  /** `http://127.0.0.1:<port>`: a restart takes a free port of its own, so callers read it from here. */
  readonly url: string;
  /** What the process printed so far. */
  output(): string;
}

/** Tries before giving up when the port chosen was taken before the app bound it. */
const PORT_TRIES = 3;

export interface SpawnedApp {
  readonly child: ChildProcess;
  /** Whether it said it is running (false: it exited first). */
  readonly ready: boolean;
  output(): string;
}

/**
 * Spawns `local/start.ts` on `port`; resolves once it says it is running, or once it exits. `onTick`
 * runs every 100 ms until then (a test that polls the app while it starts).
 */
export async function spawnApp(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  onTick: () => void = () => undefined,
): Promise<SpawnedApp> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString();
  });
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setInterval(() => {
      onTick();
      if (output.includes('is running at')) {
        clearInterval(timer);
        resolve(true);
      }
    }, 100);
    child.once('exit', () => {
      clearInterval(timer);
      resolve(false);
    });
  });
  return { child, ready, output: () => output };
}

/**
 * Runs `start` on a free port. A free port can be taken between the check and the app's bind (by its
 * own emulators or another test's, which bind port 0 meanwhile): the app then exits saying so
 * (local/ports.ts PortInUseError), and another port is tried.
 */
export async function onFreePort<Started extends SpawnedApp>(
  start: (port: number) => Promise<Started>,
): Promise<Started & { readonly port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const started = await start(port);
    const taken = !started.ready && /Port \d+ is already in use/.test(started.output());
    if (!taken || attempt === PORT_TRIES) return { ...started, port };
  }
}

/** Starts `local/start.ts` on a free port with its data in `dataDir`; resolves once it says it is running. */
export async function startChildApp(dataDir: string, env: Record<string, string> = {}): Promise<ChildApp> {
  const started = await onFreePort((port) => spawnApp(dataDir, port, env));
  if (!started.ready) throw new Error(`The app did not start:\n${started.output().slice(-2_000)}`);
  return { ...started, url: `http://127.0.0.1:${started.port}` };
}

/** A JSON call to the child app as a signed-in user: the reply's body, whatever its status. */
export function childAppApi(url: string) {
  return async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await reply.json()) as T;
  };
}

/** Ends the process with `signal` (SIGKILL for a crash, SIGINT for Ctrl+C) and waits for its exit. */
export async function stopChildApp(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** An ID token for the account, from the Cognito endpoint the app's `/config.json` names. */
export async function signInThroughApp(
  url: string,
  account: { email: string; password: string },
): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as {
    userPoolClientId: string;
    userPoolEndpoint: string;
  };
  const reply = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  });
  return ((await reply.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/** The admin `npm start` bootstraps, as written to its data directory. */
export function bootstrappedAdmin(dataDir: string): { email: string; password: string } {
  return JSON.parse(readFileSync(join(dataDir, 'admin.json'), 'utf8')) as { email: string; password: string };
}
