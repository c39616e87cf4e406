/**
 * `npm run install:lambda-native`, and `npm install`'s postinstall: installs the packages Lambda's
 * functions carry beside their bundles, built for Lambda's platform (infra/lambda-native-modules.ts),
 * so `npm run synth` needs no registry. Skips when the lock file's versions are already there.
 *
 * As a postinstall it never fails the install: `npm start` and the tests do not need these packages,
 * and a registry without Lambda's builds of sharp should not keep anyone from running the app. The
 * synth then names the command to run.
 */
import { join } from 'node:path';
import { httpFunctions } from '#contract/routes';
import {
  HOST_NODE_PACKAGE,
  INSTALL_COMMAND,
  installHostNode,
  installLambdaNativeModules,
  LAMBDA_NATIVE_DIR,
  LAMBDA_NODE_DIR,
  LAMBDA_NODE_PACKAGE,
} from './lambda-native-modules';
import { MEDIA_WORKER_NODE_MODULES } from './media-bundling';

const projectRoot = join(import.meta.dirname, '..');
/** Every package any function carries: the media worker's and the HTTP functions'. */
const packages = [
  ...new Set([...MEDIA_WORKER_NODE_MODULES, ...httpFunctions.flatMap((fn) => fn.nodeModules ?? [])]),
];
const asPostinstall = process.env.npm_lifecycle_event === 'postinstall';

/** The packages carried beside bundles, and Lambda's Node in its own folder (the bundles' run test). */
const installs = [
  { packages, into: LAMBDA_NATIVE_DIR, neededBy: '`npm run synth` and `npm run deploy` do' },
  {
    packages: [LAMBDA_NODE_PACKAGE],
    into: LAMBDA_NODE_DIR,
    neededBy: 'test/infra/lambda-assets-run.test.ts does',
  },
];

for (const { packages: wanted, into, neededBy } of installs) {
  try {
    if (installLambdaNativeModules(projectRoot, wanted, into)) {
      console.log(`Installed ${wanted.join(', ')} for Lambda (linux arm64) in ${into}.`);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `Could not install ${wanted.join(', ')} for Lambda (linux arm64): ${reason}\n` +
        `The app does not need them; ${neededBy}: run \`${INSTALL_COMMAND}\` when the registry is reachable.`,
    );
    if (!asPostinstall) process.exitCode = 1;
  }
}

try {
  if (installHostNode(projectRoot)) {
    console.log(
      `Installed ${HOST_NODE_PACKAGE}, Lambda's Node release for this machine, for the bundles' run test.`,
    );
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `Could not install ${HOST_NODE_PACKAGE}: ${reason}\nThe app does not need it; test/infra/lambda-assets-run.test.ts does: run \`${INSTALL_COMMAND}\` when the registry is reachable.`,
  );
  if (!asPostinstall) process.exitCode = 1;
}
