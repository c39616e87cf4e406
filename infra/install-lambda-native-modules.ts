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
import { INSTALL_COMMAND, installLambdaNativeModules, LAMBDA_NATIVE_DIR } from './lambda-native-modules';
import { MEDIA_WORKER_NODE_MODULES } from './media-bundling';
import { httpFunctions } from './routes';

const projectRoot = join(import.meta.dirname, '..');
/** Every package any function carries: the media worker's and the HTTP functions'. */
const packages = [
  ...new Set([...MEDIA_WORKER_NODE_MODULES, ...httpFunctions.flatMap((fn) => fn.nodeModules ?? [])]),
];
const asPostinstall = process.env.npm_lifecycle_event === 'postinstall';

try {
  if (installLambdaNativeModules(projectRoot, packages)) {
    console.log(`Installed ${packages.join(', ')} for Lambda (linux arm64) in ${LAMBDA_NATIVE_DIR}.`);
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `Could not install ${packages.join(', ')} for Lambda (linux arm64): ${reason}\n` +
      `The app and the tests do not need them; \`npm run synth\` and \`npm run deploy\` do: run \`${INSTALL_COMMAND}\` when the registry is reachable.`,
  );
  if (!asPostinstall) process.exitCode = 1;
}
