import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp, repositoryRoot, sharedTemplate } from './fixture';

/**
 * README.md, "Deploying to AWS": `npm run deploy` is one honest command. The stack uploads frontend/dist as
 * it is, so deploying without building first would publish a stale (or missing) frontend.
 */
describe('deploy script', () => {
  const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };

  it('builds the frontend before cdk deploy, and stops if the build fails', () => {
    const steps = (scripts.deploy ?? '').split('&&').map((step) => step.trim());
    expect(steps[0]).toBe('npm run build');
    expect(steps.at(-1)).toMatch(/^cdk deploy\b/);
    expect(scripts.build).toMatch(/vite build/);
  });

  it('synthesizes from a fresh build too', () => {
    expect((scripts.synth ?? '').split('&&')[0]?.trim()).toBe('npm run build');
  });
});

describe('Cognito e-mail sender', () => {
  it("uses Cognito's own sender by default and SES when sesFromEmail is set", () => {
    const { template } = sharedTemplate();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    const { stack } = buildApp({ context: { sesFromEmail: 'no-reply@agency.test', sesRegion: 'eu-west-1' } });
    Template.fromStack(stack).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'LBM Studio <no-reply@agency.test>',
        SourceArn: Match.anyValue(),
      },
    });
  });

  it('refuses an sesFromEmail that is not an address', () => {
    expect(() => buildApp({ context: { sesFromEmail: 'not-an-address', sesRegion: 'eu-west-1' } })).toThrow(
      /sesFromEmail/,
    );
    expect(() => buildApp({ context: { sesFromEmail: 'no-reply@agency.test' } })).toThrow(/sesRegion/);
  });
});
