import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { addComplianceChecks } from '#infra/compliance';
import { ConfigError, readAppConfig } from '#infra/config';
import { LbmStudioStack } from '#infra/stack';

/**
 * The CDK app (`cdk synth` / `cdk deploy`, see cdk.json). Settings come from CDK context:
 * allowedEmailDomain (required), adminEmails, the external tool URLs, corsAllowedOrigins, and
 * domainName + certificateArn for a custom domain. cdk.json carries example.com so that synth works out
 * of the box; deploy with `-c allowedEmailDomain=<company domain> -c adminEmails=<a@company,...>`.
 */

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const app = new App();

try {
  const config = readAppConfig((key) => app.node.tryGetContext(key));
  new LbmStudioStack(app, config.stackName, {
    config,
    projectRoot,
    // Environment-agnostic on purpose: the template synthesizes offline and deploys to whichever
    // account and region the deployer's credentials select.
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
