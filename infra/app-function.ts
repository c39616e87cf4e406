import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { type Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  CfnFunction,
  Function as LambdaFunction,
  LoggingFormat,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_FUNCTION_TIMEOUT_SECONDS } from '#contract/routes';
import { InlinePolicyRole } from './inline-policy-role';
import { LAMBDA_NODE_MAJOR } from './lambda-build-options';
import { LAMBDA_RUNTIME } from './lambda-runtime';
import type { ExtraBundling } from './media-bundling';
import { acknowledge, acknowledgeWildcardResource } from './nag';
import { SPLIT_HANDLER, splitBundleCode } from './split-bundle';

/**
 * Every Lambda of the app is built the same way: esbuild bundles the TypeScript handler into minified
 * ES modules with source maps (LAMBDA_RUNTIME, arm64), split so that what the handler or a library imports
 * dynamically stays out of its cold start (infra/split-bundle.ts); the function gets its own role that
 * can only write to its own log group with an explicit retention, and nothing else until the stack
 * grants it.
 * The role holds its grants itself (infra/inline-policy-role.ts): four resources per function.
 */

export const FUNCTION_DEFAULTS = {
  timeoutSeconds: DEFAULT_FUNCTION_TIMEOUT_SECONDS,
  memoryMb: 1024,
} as const;

export interface FunctionBuildSettings {
  /** Repository root: handler entries are relative to it and it holds package-lock.json. */
  readonly projectRoot: string;
  readonly logRetention: RetentionDays;
}

export interface AppFunctionProps {
  readonly settings: FunctionBuildSettings;
  /** Handler module relative to the project root; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  readonly environment: Readonly<Record<string, string>>;
  /** Stable CloudFormation logical id, so moving the construct never replaces the function. */
  readonly logicalId: string;
  /** Native packages and files next to the bundle (sharp for Lambda's platform, the offline font). */
  readonly bundling?: ExtraBundling;
}

export class AppFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { projectRoot, logRetention } = props.settings;
    const entry = join(projectRoot, props.entry);
    if (!existsSync(entry)) {
      throw new Error(
        `Handler entry ${props.entry} of ${props.logicalId} does not exist under ${projectRoot}`,
      );
    }

    this.logGroup = new LogGroup(this, 'Logs', { retention: logRetention });
    this.role = new InlinePolicyRole(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.logicalId}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      timeout: Duration.seconds(props.timeoutSeconds ?? FUNCTION_DEFAULTS.timeoutSeconds),
      memorySize: props.memoryMb ?? FUNCTION_DEFAULTS.memoryMb,
      role: this.role,
      logGroup: this.logGroup,
      // Lambda writes every line as JSON with the request id; X-Ray traces each invocation.
      loggingFormat: LoggingFormat.JSON,
      tracing: Tracing.ACTIVE,
      // No --enable-source-maps: Node would parse the bundle's map at every cold start (a large share of
      // its CPU: docs/benchmarks.md, "lambda-bundle"). The maps ship beside the bundles, and a logged stack
      // is mapped when it is logged (functions/commons/readable-stack.ts).
      environment: props.environment,
      handler: SPLIT_HANDLER,
      code: splitBundleCode(projectRoot, props.entry, props.bundling),
    });
    const cfnFunction = this.function.node.defaultChild;
    if (cfnFunction instanceof CfnFunction) cfnFunction.overrideLogicalId(props.logicalId);

    acknowledgeWildcardResource(
      this,
      '*',
      'Active tracing: X-Ray has no resource-level permissions, so PutTraceSegments and PutTelemetryRecords are granted on * (AWS managed AWSXRayDaemonWriteAccess does the same).',
    );
    acknowledge(
      this,
      'AwsSolutions-L1',
      `The Lambda runtime is pinned at ${LAMBDA_RUNTIME.name}, the Node the handlers are built for (esbuild target node${LAMBDA_NODE_MAJOR}) and run-tested on (test/infra/lambda-assets-run.test.ts); a newer one is adopted deliberately (docs/decisions.md).`,
    );
  }
}
