import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { LAMBDA_NODE_MAJOR } from './lambda-build-options';

/**
 * Lambda's runtime for the Node major the bundles are built for and run-tested on (LAMBDA_NODE_MAJOR,
 * infra/lambda-build-options.ts): every function runs on it, and the asset bundling names its image.
 */
export const LAMBDA_RUNTIME: Runtime = (() => {
  const name = `nodejs${LAMBDA_NODE_MAJOR}.x`;
  const runtime = Runtime.ALL.find((candidate) => candidate.name === name);
  if (!runtime) throw new Error(`aws-cdk-lib knows no Lambda runtime ${name}`);
  return runtime;
})();
