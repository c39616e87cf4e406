import { isAllowedEmail, normalizeDomain, normalizeEmail, parseEmail } from '#shared/email-domain';
import type { ExternalLinks } from '#shared/runtime-config';

/**
 * Deployment settings, read from CDK context (`cdk.json` or `cdk synth -c key=value`). Nothing
 * company-specific is written in code: the e-mail domain, the admins and the sister-tool links all come
 * from here. Every problem is reported at once so a deployer fixes the context in one go.
 */

export const CONTEXT_KEYS = {
  stackName: 'stackName',
  allowedEmailDomain: 'allowedEmailDomain',
  adminEmails: 'adminEmails',
  corsAllowedOrigins: 'corsAllowedOrigins',
  domainName: 'domainName',
  certificateArn: 'certificateArn',
  apiKeyRateLimitPerMinute: 'apiKeyRateLimitPerMinute',
  alarmEmail: 'alarmEmail',
  sesFromEmail: 'sesFromEmail',
  sesRegion: 'sesRegion',
} as const;

/** Context key of each external link shown on the landing page and in the sidebar. */
export const EXTERNAL_LINK_CONTEXT_KEYS: Readonly<Record<keyof ExternalLinks, string>> = {
  backlinkManager: 'backlinkManagerUrl',
  googleAdsAdvisor: 'googleAdsAdvisorUrl',
  emailOutreach: 'emailOutreachUrl',
  aiOptimization: 'aiOptimizationUrl',
  newsletterPlatformLogin: 'newsletterPlatformLoginUrl',
  pressDistributionLogin: 'pressDistributionLoginUrl',
};

export const DEFAULT_STACK_NAME = 'LbmStudio';

export interface CustomDomain {
  readonly domainName: string;
  /** ACM certificate in us-east-1, as CloudFront requires. */
  readonly certificateArn: string;
}

export interface AppConfig {
  readonly stackName: string;
  /** Lower-case, without `@`. */
  readonly allowedEmailDomain: string;
  /** Lower-cased addresses that join the admins group when they confirm their account. */
  readonly adminEmails: readonly string[];
  readonly externalLinks: ExternalLinks;
  /** Extra browser origins allowed to call the HTTP API directly (the CloudFront site is same-origin). */
  readonly corsAllowedOrigins: readonly string[];
  readonly customDomain: CustomDomain | null;
  /** Requests one API key may make per minute; absent: the default of shared/api-keys.ts (60). */
  readonly apiKeyRateLimitPerMinute?: number;
  /** Where the alarms' SNS topic sends e-mail (`-c alarmEmail=ops@agency.com`); unset: no subscription. */
  readonly alarmEmail?: string;
  /** A verified SES identity Cognito sends its e-mails from (`-c sesFromEmail=no-reply@agency.com`). */
  readonly sesFromEmail?: string;
  /** The SES region of that identity (`-c sesRegion=eu-west-1`); required with sesFromEmail. */
  readonly sesRegion?: string;
}

export type ContextReader = (key: string) => unknown;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid CDK context:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const STACK_NAME = /^[A-Za-z][A-Za-z0-9-]{0,127}$/;
const CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/;

/** A context value as text: cdk.json gives JSON values, `-c key=value` always gives strings. */
function readText(read: ContextReader, key: string, problems: string[]): string | undefined {
  const value = read(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    problems.push(`${key} must be a string`);
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A list given either as a JSON array of strings or as one comma-separated string. */
function readList(read: ContextReader, key: string, problems: string[]): string[] {
  const value = read(key);
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (items === null || items.some((item) => typeof item !== 'string')) {
    problems.push(`${key} must be a comma-separated string or an array of strings`);
    return [];
  }
  return items.map((item: string) => item.trim()).filter((item) => item.length > 0);
}

const isHostName = (host: string): boolean => parseEmail(`user@${host}`) !== null;

function readDomain(read: ContextReader, problems: string[]): string {
  const key = CONTEXT_KEYS.allowedEmailDomain;
  const raw = readText(read, key, problems);
  if (raw === undefined) {
    problems.push(
      `${key} is required: the company e-mail domain allowed to sign up, e.g. \`cdk synth -c ${key}=agency.com\` (cdk.json carries an example value)`,
    );
    return '';
  }
  const domain = normalizeDomain(raw);
  if (!isHostName(domain)) problems.push(`${key} "${raw}" is not a domain name such as agency.com`);
  return domain;
}

function readAdminEmails(read: ContextReader, domain: string, problems: string[]): string[] {
  const emails: string[] = [];
  for (const raw of readList(read, CONTEXT_KEYS.adminEmails, problems)) {
    const email = normalizeEmail(raw);
    if (email === null) {
      problems.push(`${CONTEXT_KEYS.adminEmails}: "${raw}" is not an e-mail address`);
    } else if (domain !== '' && !isAllowedEmail(email, domain)) {
      problems.push(
        `${CONTEXT_KEYS.adminEmails}: ${email} is not an @${domain} address, so it could never sign up`,
      );
    } else if (!emails.includes(email)) {
      emails.push(email);
    }
  }
  return emails;
}

function readUrl(read: ContextReader, key: string, problems: string[]): string | null {
  const raw = readText(read, key, problems);
  if (raw === undefined) return null;
  if (!URL.canParse(raw) || !['http:', 'https:'].includes(new URL(raw).protocol)) {
    problems.push(`${key} "${raw}" must be an http or https URL`);
    return null;
  }
  return raw;
}

function readExternalLinks(read: ContextReader, problems: string[]): ExternalLinks {
  const url = (name: keyof ExternalLinks) => readUrl(read, EXTERNAL_LINK_CONTEXT_KEYS[name], problems);
  return {
    backlinkManager: url('backlinkManager'),
    googleAdsAdvisor: url('googleAdsAdvisor'),
    emailOutreach: url('emailOutreach'),
    aiOptimization: url('aiOptimization'),
    newsletterPlatformLogin: url('newsletterPlatformLogin'),
    pressDistributionLogin: url('pressDistributionLogin'),
  };
}

function readOrigins(read: ContextReader, problems: string[]): string[] {
  const origins: string[] = [];
  for (const raw of readList(read, CONTEXT_KEYS.corsAllowedOrigins, problems)) {
    const candidate = raw.replace(/\/$/, '');
    if (!URL.canParse(candidate) || new URL(candidate).origin !== candidate) {
      problems.push(
        `${CONTEXT_KEYS.corsAllowedOrigins}: "${raw}" is not an origin such as https://app.agency.com`,
      );
    } else if (new URL(candidate).protocol !== 'https:') {
      problems.push(`${CONTEXT_KEYS.corsAllowedOrigins}: "${raw}" must use https`);
    } else {
      origins.push(candidate);
    }
  }
  return origins;
}

function readCustomDomain(read: ContextReader, problems: string[]): CustomDomain | null {
  const domainName = readText(read, CONTEXT_KEYS.domainName, problems);
  const certificateArn = readText(read, CONTEXT_KEYS.certificateArn, problems);
  if (domainName === undefined && certificateArn === undefined) return null;
  if (domainName === undefined || certificateArn === undefined) {
    problems.push(`${CONTEXT_KEYS.domainName} and ${CONTEXT_KEYS.certificateArn} must be given together`);
    return null;
  }
  const before = problems.length;
  if (!isHostName(domainName.toLowerCase())) {
    problems.push(`${CONTEXT_KEYS.domainName} "${domainName}" is not a host name such as studio.agency.com`);
  }
  if (!CERTIFICATE_ARN.test(certificateArn)) {
    problems.push(
      `${CONTEXT_KEYS.certificateArn} must be an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from that region)`,
    );
  }
  return problems.length === before ? { domainName: domainName.toLowerCase(), certificateArn } : null;
}

function readRateLimit(read: ContextReader, problems: string[]): number | undefined {
  const key = CONTEXT_KEYS.apiKeyRateLimitPerMinute;
  const raw = read(key);
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > 100_000) {
    problems.push(`${key} must be a whole number of requests per minute between 1 and 100000`);
    return undefined;
  }
  return value;
}

function readEmail(read: ContextReader, key: string, problems: string[]): string | undefined {
  const email = readText(read, key, problems);
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    problems.push(`${key} "${email}" is not an e-mail address`);
    return undefined;
  }
  return email;
}

export function readAppConfig(read: ContextReader): AppConfig {
  const problems: string[] = [];
  const stackName = readText(read, CONTEXT_KEYS.stackName, problems) ?? DEFAULT_STACK_NAME;
  if (!STACK_NAME.test(stackName)) {
    problems.push(
      `${CONTEXT_KEYS.stackName} "${stackName}" must start with a letter and hold only letters, digits and -`,
    );
  }
  const allowedEmailDomain = readDomain(read, problems);
  const rateLimit = readRateLimit(read, problems);
  const alarmEmail = readEmail(read, CONTEXT_KEYS.alarmEmail, problems);
  const sesFromEmail = readEmail(read, CONTEXT_KEYS.sesFromEmail, problems);
  const sesRegion = readText(read, CONTEXT_KEYS.sesRegion, problems);
  if (sesFromEmail !== undefined && (sesRegion === undefined || !/^[a-z]{2}(-[a-z]+)+-\d$/.test(sesRegion))) {
    problems.push(
      `${CONTEXT_KEYS.sesRegion} must name the SES region of ${CONTEXT_KEYS.sesFromEmail} (e.g. eu-west-1)`,
    );
  }
  const config: AppConfig = {
    stackName,
    allowedEmailDomain,
    adminEmails: readAdminEmails(read, allowedEmailDomain, problems),
    externalLinks: readExternalLinks(read, problems),
    corsAllowedOrigins: readOrigins(read, problems),
    customDomain: readCustomDomain(read, problems),
    ...(rateLimit === undefined ? {} : { apiKeyRateLimitPerMinute: rateLimit }),
    ...(alarmEmail === undefined ? {} : { alarmEmail }),
    ...(sesFromEmail === undefined || sesRegion === undefined ? {} : { sesFromEmail, sesRegion }),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
