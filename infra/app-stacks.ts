import type { App, Environment } from 'aws-cdk-lib';
import { type AppConfig, ConfigError } from './config';
import { EDGE_REGION, LbmStudioEdgeStack } from './edge-stack';
import { LbmStudioStack, type LbmStudioStackProps } from './stack';

/** The context key that names the region to deploy to, when the CLI's region is not the one. */
export const REGION_CONTEXT_KEY = 'region';

export interface AppStacks {
  readonly edge: LbmStudioEdgeStack;
  readonly main: LbmStudioStack;
}

/** Where the deploy region may come from besides `-c region=…`. */
export interface RegionSources {
  /** The environment: AWS_REGION, then AWS_DEFAULT_REGION. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The region of the profile in use (AWS_PROFILE, or `default`) in the AWS config files, if any. */
  readonly profileRegion: () => Promise<string | undefined>;
}

/**
 * The profile's region as the AWS SDK resolves it (AWS_PROFILE, AWS_CONFIG_FILE), without the SDK's own
 * environment variables, which RegionSources.env reads first anyway.
 */
export async function sdkProfileRegion(): Promise<string | undefined> {
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  const client = new SQSClient({});
  try {
    return await client.config.region();
  } catch {
    // The SDK throws "Region is missing" when no source names one.
    return undefined;
  } finally {
    client.destroy();
  }
}

export const processRegionSources = (): RegionSources => ({
  env: process.env,
  profileRegion: sdkProfileRegion,
});

/**
 * The region the app deploys to: `-c region=…`, else AWS_REGION or AWS_DEFAULT_REGION, else the profile's
 * region in the AWS config files. The main stack must name it, because it reads the web ACL of the
 * us-east-1 edge stack through CDK's cross-region references, which need both regions at synth time.
 *
 * Not CDK_DEFAULT_REGION: the CDK CLI sets it to us-east-1 when it finds no region at all, so reading it
 * put both stacks in us-east-1 without a word (docs/decisions.md, "A synth without a region").
 */
export async function deployRegion(
  app: App,
  sources: RegionSources = processRegionSources(),
): Promise<string> {
  const fromContext: unknown = app.node.tryGetContext(REGION_CONTEXT_KEY);
  const named = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const region =
    named(fromContext) ??
    named(sources.env.AWS_REGION) ??
    named(sources.env.AWS_DEFAULT_REGION) ??
    named(await sources.profileRegion());
  if (!region || !/^[a-z]{2}(-[a-z]+)+-\d$/.test(region)) {
    throw new ConfigError([
      `${REGION_CONTEXT_KEY}: set the region to deploy to (AWS_REGION, your profile's region, or -c ${REGION_CONTEXT_KEY}=eu-west-1)${region ? `; "${region}" is not a region` : ''}`,
    ]);
  }
  return region;
}

/**
 * The app's two stacks: the main stack in the deploy region, and the edge stack in
 * us-east-1 with CloudFront's web ACL, whose ARN the main stack reads across regions (CDK writes it to
 * an SSM parameter in us-east-1 and reads it back; `cdk deploy --all` deploys the edge stack first).
 */
export function createAppStacks(
  app: App,
  options: {
    readonly config: AppConfig;
    readonly region: string;
    readonly account?: string;
  } & Omit<LbmStudioStackProps, 'config' | 'env' | 'crossRegionReferences' | 'webAclArn'>,
): AppStacks {
  const { config, region, account, ...mainProps } = options;
  const env = (inRegion: string): Environment => ({ region: inRegion, ...(account ? { account } : {}) });
  const edge = new LbmStudioEdgeStack(app, `${config.stackName}Edge`, {
    env: env(EDGE_REGION),
    crossRegionReferences: true,
    description: 'LBM Studio: the CloudFront web ACL (WAF), which AWS keeps in us-east-1',
  });
  const main = new LbmStudioStack(app, config.stackName, {
    ...mainProps,
    config,
    env: env(region),
    crossRegionReferences: true,
    webAclArn: edge.webAcl.attrArn,
  });
  main.addStackDependency(edge, 'CloudFront needs the web ACL before it can attach it');
  return { edge, main };
}
