import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';

/**
 * cdk-nag's AWS Solutions rules run as a CDK validation plugin on every synth (the CLI, and the infra
 * tests): an unacknowledged finding fails synthesis. Acknowledgements live next to the resource they
 * concern, each with its reason.
 */
export function addComplianceChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}
