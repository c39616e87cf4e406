import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A real WordPress for tests: Debian's `wordpress` package unpacked (never installed: it would pull in
 * Apache) into a cache folder, a private MariaDB with its own data directory, and `php -S` with a router
 * that does what Apache's rewrite rules do. Everything binds to 127.0.0.1 on free ports and lives in
 * one temporary folder that `stop()` removes with the processes.
 */

const execFileAsync = promisify(execFile);

/** Runs a command; a failure carries the command's own error output, not just its exit code. */
async function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  try {
    return await execFileAsync(command, args, options);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    const stdout = (error as { stdout?: string }).stdout ?? '';
    throw new Error(`${command} failed: ${(stderr || stdout).trim().slice(-2000)}`);
  }
}

const SUPPORT_DIR = fileURLToPath(new URL('.', import.meta.url));
const REPO_ROOT = join(SUPPORT_DIR, '..', '..');
/** Under node_modules, so it is ignored by git and wiped by `npm ci` like any other cache. */
const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'lbm-wordpress');
const WORDPRESS_ROOT = join(CACHE_DIR, 'wordpress');
const PACKAGES = ['wordpress', 'wordpress-theme-twentytwentyone'];
const READY_TIMEOUT_MS = 30_000;

export interface WordPressServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string;
  /** `127.0.0.1:PORT`, the form FETCH_ALLOW_HOSTS takes. */
  readonly hostPort: string;
  readonly adminUser: string;
  readonly adminPassword: string;
  /** An application password of the admin, as WordPress shows it once (with spaces). */
  readonly applicationPassword: string;
  /** Whether the site has pretty permalinks (`/wp-json/` works) or only `?rest_route=`. */
  readonly prettyPermalinks: boolean;
  /** Calls WordPress's own REST API as the admin (for tests that read back what the app wrote). */
  rest<T>(route: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

export interface WordPressOptions {
  /** Default true. false: no rewrite rules, so only `?rest_route=` reaches the REST API. */
  prettyPermalinks?: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, process?: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (process && process.exitCode !== null) throw new Error(`${what} exited with ${process.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not become ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/**
 * Downloads and unpacks the WordPress package and a classic theme once. Extraction happens in a private
 * folder that is renamed into place, so test files starting at the same time never see half a tree.
 */
async function ensureWordPressFiles(): Promise<void> {
  if (existsSync(join(WORDPRESS_ROOT, 'wp-settings.php'))) return;
  await mkdir(CACHE_DIR, { recursive: true });
  const work = await mkdtemp(join(CACHE_DIR, 'download-'));
  try {
    await run('apt-get', ['download', ...PACKAGES], { cwd: work });
    const unpacked = join(work, 'unpacked');
    for (const name of PACKAGES) {
      const deb = (await run('sh', ['-c', `ls ${name}_*.deb`], { cwd: work })).stdout.trim();
      await run('dpkg-deb', ['-x', join(work, deb), unpacked]);
    }
    const root = join(unpacked, 'usr', 'share', 'wordpress');
    // Debian's wp-config.php reads /etc/wordpress; ours reads the instance's environment.
    await writeFile(join(root, 'wp-config.php'), "<?php\nrequire getenv('LBM_WP_CONFIG');\n");
    try {
      await rename(root, WORDPRESS_ROOT);
    } catch (error) {
      if (!existsSync(join(WORDPRESS_ROOT, 'wp-settings.php'))) throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Signals the child's whole process group: `php -S` with PHP_CLI_SERVER_WORKERS forks workers that
 * outlive their parent when only the parent is signalled.
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    signalGroup(child, 'SIGKILL');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      signalGroup(child, 'SIGKILL');
      resolve();
    });
    signalGroup(child, 'SIGTERM');
  });
}

export async function startWordPressServer(options: WordPressOptions = {}): Promise<WordPressServer> {
  const prettyPermalinks = options.prettyPermalinks ?? true;
  await ensureWordPressFiles();
  const home = await mkdtemp(join(tmpdir(), 'lbm-wordpress-'));
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  };
  // A test run that dies without calling stop() must not leave a database or web server behind.
  process.once('exit', killAll);
  const stop = async () => {
    process.removeListener('exit', killAll);
    await Promise.all(children.map(stopProcess));
    await rm(home, { recursive: true, force: true });
  };

  try {
    const dataDir = join(home, 'mysql');
    const contentDir = join(home, 'wp-content');
    await mkdir(join(contentDir, 'uploads'), { recursive: true });
    await mkdir(join(contentDir, 'plugins'), { recursive: true });
    await symlink(join(WORDPRESS_ROOT, 'wp-content', 'themes'), join(contentDir, 'themes'));

    await run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${dataDir}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
    ]);
    const dbPort = await freePort();
    const mariadb = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--socket=${join(home, 'mysql.sock')}`,
        `--port=${dbPort}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-name-resolve',
        '--skip-log-bin',
        '--innodb-buffer-pool-size=16M',
        `--pid-file=${join(home, 'mysql.pid')}`,
        `--log-error=${join(home, 'mysql.err')}`,
      ],
      { stdio: 'ignore', detached: true },
    );
    children.push(mariadb);
    const client = ['--no-defaults', '-uroot', '-h127.0.0.1', `-P${dbPort}`];
    await waitFor(
      'MariaDB',
      async () => {
        await run('mariadb', [...client, '-e', 'CREATE DATABASE IF NOT EXISTS wordpress']);
        return true;
      },
      mariadb,
    );

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const adminUser = 'admin';
    const adminPassword = randomBytes(12).toString('hex');
    const env = {
      ...process.env,
      LBM_WP_CONFIG: join(SUPPORT_DIR, 'wordpress-config.php'),
      LBM_WP_ROOT: WORDPRESS_ROOT,
      LBM_WP_DB_HOST: `127.0.0.1:${dbPort}`,
      LBM_WP_URL: url,
      LBM_WP_CONTENT_DIR: contentDir,
      LBM_WP_SALT: randomBytes(16).toString('hex'),
      LBM_WP_PRETTY: prettyPermalinks ? '1' : '0',
      LBM_WP_ADMIN_USER: adminUser,
      LBM_WP_ADMIN_PASSWORD: adminPassword,
    };
    const installed = await run('php', [join(SUPPORT_DIR, 'wordpress-install.php')], { env });
    const { applicationPassword } = JSON.parse(installed.stdout.slice(installed.stdout.indexOf('{'))) as {
      applicationPassword: string;
    };

    const php = spawn(
      'php',
      [
        // Uploads of several MB (the media library test) and no PHP-level time limit.
        '-d',
        'upload_max_filesize=32M',
        '-d',
        'post_max_size=32M',
        '-d',
        'memory_limit=256M',
        '-S',
        `127.0.0.1:${port}`,
        '-t',
        WORDPRESS_ROOT,
        join(SUPPORT_DIR, 'wordpress-router.php'),
      ],
      { env: { ...env, PHP_CLI_SERVER_WORKERS: '4' }, stdio: 'ignore', detached: true },
    );
    children.push(php);
    await waitFor('php -S', async () => (await fetch(`${url}/wp-login.php`)).ok, php);

    const authorization = `Basic ${Buffer.from(`${adminUser}:${applicationPassword}`).toString('base64')}`;
    const rest = async <T>(route: string, init: { method?: string; body?: unknown } = {}) => {
      const [path, query] = route.split('?');
      const target = prettyPermalinks
        ? `${url}/wp-json${route}`
        : `${url}/?rest_route=${encodeURIComponent(path ?? '')}${query ? `&${query}` : ''}`;
      const response = await fetch(target, {
        method: init.method ?? 'GET',
        headers: {
          authorization,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: (await response.json()) as T };
    };

    return {
      url,
      hostPort: `127.0.0.1:${port}`,
      adminUser,
      adminPassword,
      applicationPassword,
      prettyPermalinks,
      rest,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
