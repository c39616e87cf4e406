import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, type ContextReader, DEFAULT_STACK_NAME, readAppConfig } from '#infra/config';
import { NO_EXTERNAL_LINKS } from '#shared/runtime-config';

const reader =
  (context: Record<string, unknown>): ContextReader =>
  (key) =>
    context[key];

const problemsOf = (context: Record<string, unknown>): readonly string[] => {
  try {
    readAppConfig(reader(context));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('readAppConfig', () => {
  it('reads the per-key API rate limit as a whole number, and refuses anything else', () => {
    const base = { allowedEmailDomain: 'agency.com' };
    expect(readAppConfig(reader(base)).apiKeyRateLimitPerMinute).toBeUndefined();
    expect(readAppConfig(reader({ ...base, apiKeyRateLimitPerMinute: '120' })).apiKeyRateLimitPerMinute).toBe(
      120,
    );
    expect(readAppConfig(reader({ ...base, apiKeyRateLimitPerMinute: 30 })).apiKeyRateLimitPerMinute).toBe(
      30,
    );
    for (const bad of ['0', '-5', '1.5', 'lots']) {
      expect(problemsOf({ ...base, apiKeyRateLimitPerMinute: bad })).toEqual([
        expect.stringContaining('apiKeyRateLimitPerMinute must be a whole number'),
      ]);
    }
  });

  it('fails with a clear message when the e-mail domain is missing', () => {
    expect(() => readAppConfig(reader({}))).toThrow(ConfigError);
    expect(problemsOf({})).toEqual([expect.stringContaining('allowedEmailDomain is required')]);
    expect(problemsOf({ allowedEmailDomain: '   ' })[0]).toContain('allowedEmailDomain is required');
  });

  it('normalizes the domain and applies defaults', () => {
    const config = readAppConfig(reader({ allowedEmailDomain: ' @Agency.COM ' }));
    expect(config).toEqual({
      stackName: DEFAULT_STACK_NAME,
      allowedEmailDomain: 'agency.com',
      adminEmails: [],
      externalLinks: NO_EXTERNAL_LINKS,
      corsAllowedOrigins: [],
      customDomain: null,
    });
  });

  it('refuses something that is not a domain', () => {
    expect(problemsOf({ allowedEmailDomain: 'not a domain' })[0]).toContain('is not a domain name');
    expect(problemsOf({ allowedEmailDomain: 42 })[0]).toContain('allowedEmailDomain must be a string');
  });

  it('reads admin e-mails from a comma list or an array, lower-cased and without duplicates', () => {
    const fromString = readAppConfig(
      reader({
        allowedEmailDomain: 'agency.com',
        adminEmails: ' Boss@Agency.com, ops@agency.com,,boss@agency.com',
      }),
    );
    expect(fromString.adminEmails).toEqual(['boss@agency.com', 'ops@agency.com']);
    const fromArray = readAppConfig(
      reader({ allowedEmailDomain: 'agency.com', adminEmails: ['ops@agency.com'] }),
    );
    expect(fromArray.adminEmails).toEqual(['ops@agency.com']);
  });

  it('refuses admin e-mails that could never sign up', () => {
    expect(problemsOf({ allowedEmailDomain: 'agency.com', adminEmails: 'boss@other.com' })).toEqual([
      'adminEmails: boss@other.com is not an @agency.com address, so it could never sign up',
    ]);
    expect(problemsOf({ allowedEmailDomain: 'agency.com', adminEmails: 'nobody' })[0]).toContain(
      'is not an e-mail address',
    );
    expect(problemsOf({ allowedEmailDomain: 'agency.com', adminEmails: [1] })[0]).toContain(
      'adminEmails must be a comma-separated string or an array of strings',
    );
  });

  it('reads the external tool links and refuses non-http URLs', () => {
    const config = readAppConfig(
      reader({
        allowedEmailDomain: 'agency.com',
        backlinkManagerUrl: 'https://backlinks.example.org/app',
        pressDistributionLoginUrl: 'http://press.example.org/login',
      }),
    );
    expect(config.externalLinks.backlinkManager).toBe('https://backlinks.example.org/app');
    expect(config.externalLinks.pressDistributionLogin).toBe('http://press.example.org/login');
    expect(config.externalLinks.emailOutreach).toBeNull();
    expect(problemsOf({ allowedEmailDomain: 'agency.com', emailOutreachUrl: 'ftp://x.example.org' })).toEqual(
      ['emailOutreachUrl "ftp://x.example.org" must be an http or https URL'],
    );
    expect(problemsOf({ allowedEmailDomain: 'agency.com', googleAdsAdvisorUrl: 'not a url' })[0]).toContain(
      'googleAdsAdvisorUrl',
    );
  });

  it('accepts https origins for CORS only', () => {
    const config = readAppConfig(
      reader({
        allowedEmailDomain: 'agency.com',
        corsAllowedOrigins: 'https://a.example.org/, https://b.example.org',
      }),
    );
    expect(config.corsAllowedOrigins).toEqual(['https://a.example.org', 'https://b.example.org']);
    expect(
      problemsOf({ allowedEmailDomain: 'agency.com', corsAllowedOrigins: 'https://a.example.org/app' })[0],
    ).toContain('is not an origin');
    expect(
      problemsOf({ allowedEmailDomain: 'agency.com', corsAllowedOrigins: 'http://a.example.org' })[0],
    ).toContain('must use https');
  });

  it('needs a custom domain and its us-east-1 certificate together', () => {
    const certificateArn =
      'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-123456789012';
    const config = readAppConfig(
      reader({ allowedEmailDomain: 'agency.com', domainName: 'Studio.Agency.com', certificateArn }),
    );
    expect(config.customDomain).toEqual({ domainName: 'studio.agency.com', certificateArn });
    expect(problemsOf({ allowedEmailDomain: 'agency.com', domainName: 'studio.agency.com' })).toEqual([
      'domainName and certificateArn must be given together',
    ]);
    expect(
      problemsOf({
        allowedEmailDomain: 'agency.com',
        domainName: 'studio.agency.com',
        certificateArn: certificateArn.replace('us-east-1', 'eu-west-1'),
      })[0],
    ).toContain('in us-east-1');
  });

  it('validates the stack name', () => {
    expect(
      readAppConfig(reader({ allowedEmailDomain: 'agency.com', stackName: 'LbmStaging' })).stackName,
    ).toBe('LbmStaging');
    expect(problemsOf({ allowedEmailDomain: 'agency.com', stackName: '1bad name' })[0]).toContain(
      'stackName',
    );
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({ adminEmails: 'nobody', aiOptimizationUrl: 'mailto:x@y.z' });
    expect(problems).toHaveLength(3);
    const error = new ConfigError(problems);
    expect(error.message).toContain('Invalid CDK context:');
    expect(error.message.split('\n')).toHaveLength(4);
  });

  it('accepts the example context that cdk.json carries for an out-of-the-box synth', () => {
    const cdkJson = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8'));
    const config = readAppConfig(reader(cdkJson.context));
    expect(config.allowedEmailDomain).toBe('example.com');
    expect(cdkJson.app).toBe('npx tsx bin/app.ts');
  });
});
