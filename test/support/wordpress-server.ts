import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A real WordPress for tests: Debian's `wordpress` package unpacked (never installed: it would pull in
 * Apache) into a cache folder, a private MariaDB with its own data directory, and `php -S` with a router
 * that does what Apache's rewrite rules do. Everything binds to 127.0.0.1 on free ports and lives in
 * one temporary folder that `stop()` removes with the processes. The first start also installs
 * WordPress into a template database in the cache; later starts copy it.
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
  /** Installs a must-use plugin that refuses every REST request, as "Disable REST API" plugins do. */
  disableRestApi?: boolean;
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

const ADMIN_USER = 'admin';
/** Both the install and every run use the same small redo log, so a copied data directory starts as is. */
const INNODB_OPTIONS = ['--innodb-buffer-pool-size=16M', '--innodb-log-file-size=8M'];

interface Database {
  readonly child: ChildProcess;
  readonly port: number;
}

/** Starts a private mariadbd on 127.0.0.1 for `dataDir` and waits until it answers. */
async function startDatabase(home: string, dataDir: string, children: ChildProcess[]): Promise<Database> {
  // The port is picked free and then bound by mariadbd, so another process can take it in between;
  // a server that exits before answering is started again on a new port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDatabaseOnFreePort(home, dataDir, children);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof DatabaseExited)) throw error;
    }
  }
}

class DatabaseExited extends Error {}

async function startDatabaseOnFreePort(
  home: string,
  dataDir: string,
  children: ChildProcess[],
): Promise<Database> {
  const port = await freePort();
  const child = spawn(
    'mariadbd',
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--tmpdir=${await privateTmpDir(home)}`,
      `--socket=${join(home, 'mysql.sock')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      '--skip-name-resolve',
      '--skip-log-bin',
      ...INNODB_OPTIONS,
      `--pid-file=${join(home, 'mysql.pid')}`,
      `--log-error=${join(home, 'mysql.err')}`,
    ],
    { stdio: 'ignore', detached: true },
  );
  children.push(child);
  const client = ['--no-defaults', '-uroot', '-h127.0.0.1', `-P${port}`];
  try {
    await waitFor(
      'MariaDB',
      async () => {
        await run('mariadb', [...client, '-e', 'CREATE DATABASE IF NOT EXISTS wordpress']);
        return true;
      },
      child,
    );
  } catch (error) {
    if (child.exitCode === null) throw error;
    const log = await readFile(join(home, 'mysql.err'), 'utf8').catch(() => '');
    throw new DatabaseExited(`MariaDB exited with ${child.exitCode}: ${log.trim().slice(-1000)}`);
  }
  return { child, port };
}

/**
 * MariaDB's temporary tables go in the instance's own folder, not the shared /tmp: a fresh-clone CI run
 * lost the template build to `Could not remove temporary table '/tmp/#sql-temptable-…'`.
 */
async function privateTmpDir(home: string): Promise<string> {
  const dir = join(home, 'tmp');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The instance's own wp-content: uploads and plugins of its own, the cached themes. */
async function prepareContentDir(home: string): Promise<string> {
  const contentDir = join(home, 'wp-content');
  await mkdir(join(contentDir, 'uploads'), { recursive: true });
  await mkdir(join(contentDir, 'plugins'), { recursive: true });
  await symlink(join(WORDPRESS_ROOT, 'wp-content', 'themes'), join(contentDir, 'themes'));
  return contentDir;
}

interface Template {
  /** A cleanly shut down data directory holding an installed WordPress. */
  readonly dataDir: string;
  readonly adminPassword: string;
  readonly applicationPassword: string;
}

function instanceEnv(settings: {
  dbPort: number;
  url: string;
  contentDir: string;
  pretty: boolean;
  adminPassword: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LBM_WP_CONFIG: join(SUPPORT_DIR, 'wordpress-config.php'),
    LBM_WP_ROOT: WORDPRESS_ROOT,
    LBM_WP_DB_HOST: `127.0.0.1:${settings.dbPort}`,
    LBM_WP_URL: settings.url,
    LBM_WP_CONTENT_DIR: settings.contentDir,
    LBM_WP_SALT: randomBytes(16).toString('hex'),
    LBM_WP_PRETTY: settings.pretty ? '1' : '0',
    LBM_WP_ADMIN_USER: ADMIN_USER,
    LBM_WP_ADMIN_PASSWORD: settings.adminPassword,
  };
}

/**
 * An installed WordPress database, made once per install script and permalink mode with wp_install()
 * and kept in the cache: each instance starts from a copy (its URL comes from WP_HOME/WP_SITEURL, so
 * the stored one does not matter), which saves the database initialisation and the install per start.
 */
async function ensureTemplate(pretty: boolean): Promise<Template> {
  const scripts = await Promise.all(
    ['wordpress-install.php', 'wordpress-config.php'].map((name) => readFile(join(SUPPORT_DIR, name))),
  );
  const key = createHash('sha256')
    .update(Buffer.concat(scripts))
    .update(INNODB_OPTIONS.join(' '))
    .digest('hex')
    .slice(0, 16);
  const dir = join(CACHE_DIR, 'templates', `${pretty ? 'pretty' : 'plain'}-${key}`);
  const read = async (): Promise<Template | null> => {
    try {
      const saved = JSON.parse(await readFile(join(dir, 'installed.json'), 'utf8')) as Omit<
        Template,
        'dataDir'
      >;
      return { ...saved, dataDir: join(dir, 'mysql') };
    } catch {
      return null;
    }
  };
  const existing = await read();
  if (existing) return existing;

  await mkdir(join(CACHE_DIR, 'templates'), { recursive: true });
  const work = await mkdtemp(join(CACHE_DIR, 'templates', 'building-'));
  const children: ChildProcess[] = [];
  try {
    const dataDir = join(work, 'mysql');
    await run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${dataDir}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
      `--tmpdir=${await privateTmpDir(work)}`,
    ]);
    const db = await startDatabase(work, dataDir, children);
    const adminPassword = randomBytes(12).toString('hex');
    const env = instanceEnv({
      dbPort: db.port,
      url: 'http://127.0.0.1:8080',
      contentDir: await prepareContentDir(work),
      pretty,
      adminPassword,
    });
    const installed = await run('php', [join(SUPPORT_DIR, 'wordpress-install.php')], { env });
    const { applicationPassword } = JSON.parse(installed.stdout.slice(installed.stdout.indexOf('{'))) as {
      applicationPassword: string;
    };
    // A clean shutdown, so a copy of the data directory needs no crash recovery.
    await stopProcess(db.child);
    for (const name of ['mysql.sock', 'mysql.pid', 'mysql.err', 'wp-content', 'tmp']) {
      await rm(join(work, name), { recursive: true, force: true });
    }
    await writeFile(join(work, 'installed.json'), JSON.stringify({ adminPassword, applicationPassword }));
    try {
      await rename(work, dir);
    } catch (error) {
      // Another test file built the same template at the same time: use theirs.
      if (!existsSync(join(dir, 'installed.json'))) throw error;
      await rm(work, { recursive: true, force: true });
    }
  } catch (error) {
    await Promise.all(children.map(stopProcess));
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  const built = await read();
  if (!built) throw new Error(`The WordPress template in ${dir} is incomplete`);
  return built;
}

/**
 * `php -S` with the router, on a free port; like the database, a server that could not bind the port it
 * was given (taken since it was picked) is started again on a new one.
 */
async function startWebServer(
  children: ChildProcess[],
  envFor: (url: string) => NodeJS.ProcessEnv,
): Promise<{ port: number; url: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
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
      { env: { ...envFor(url), PHP_CLI_SERVER_WORKERS: '4' }, stdio: 'ignore', detached: true },
    );
    children.push(php);
    try {
      await waitFor('php -S', async () => (await fetch(`${url}/wp-login.php`)).ok, php);
      return { port, url };
    } catch (error) {
      if (attempt >= 3 || php.exitCode === null) throw error;
    }
  }
}

export async function startWordPressServer(options: WordPressOptions = {}): Promise<WordPressServer> {
  const prettyPermalinks = options.prettyPermalinks ?? true;
  await ensureWordPressFiles();
  const template = await ensureTemplate(prettyPermalinks);
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
    const contentDir = await prepareContentDir(home);
    if (options.disableRestApi) {
      await mkdir(join(contentDir, 'mu-plugins'));
      await cp(
        join(SUPPORT_DIR, 'wordpress-disable-rest.php'),
        join(contentDir, 'mu-plugins', 'disable-rest.php'),
      );
    }
    await cp(template.dataDir, dataDir, { recursive: true });
    const db = await startDatabase(home, dataDir, children);

    const adminUser = ADMIN_USER;
    const { adminPassword, applicationPassword } = template;
    const { port, url } = await startWebServer(children, (url) =>
      instanceEnv({ dbPort: db.port, url, contentDir, pretty: prettyPermalinks, adminPassword }),
    );

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
