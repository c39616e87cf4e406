import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { createAppStacks, deployRegion } from '#infra/app-stacks';
import { addComplianceChecks } from '#infra/compliance';
import { ConfigError, readAppConfig } from '#infra/config';

/**
 * The CDK app (`cdk synth` / `cdk deploy`, see cdk.json). Settings come from CDK context:
 * allowedEmailDomain (required), adminEmails, the external tool URLs, corsAllowedOrigins, and
 * domainName + certificateArn for a custom domain. cdk.json carries example.com so that synth works out
 * of the box; deploy with `-c allowedEmailDomain=<company domain> -c adminEmails=<a@company,...>`.
 * Two stacks: the app in the deploy region (`-c region=`, AWS_REGION or the profile's; synthesis stops
 * without one), and its CloudFront web ACL in us-east-1, where AWS keeps them (infra/app-stacks.ts).
 */

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const app = new App();

try {
  const config = readAppConfig((key) => app.node.tryGetContext(key));
  createAppStacks(app, {
    config,
    projectRoot,
    region: await deployRegion(app),
    ...(process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT } : {}),
    description: 'LBM Studio: AI marketing content for a local-marketing agency',
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

addComplianceChecks(app);
