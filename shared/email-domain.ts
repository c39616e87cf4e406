/**
 * Who may hold an account: only addresses of the agency's own domain. The Cognito pre-sign-up trigger
 * and the sign-up form call this same function, so the browser can never be more permissive than the
 * server.
 *
 * Decisions (docs/decisions.md): the match is case-insensitive; subdomains are refused
 * (`a@sub.example.com` is not `@example.com` staff); anything that is not a plain dot-atom address is
 * refused outright (quoted local parts, several `@`, whitespace anywhere, comments, IP literals), because
 * a permissive parser is exactly what tricks like `"a@example.com"@evil.io` exploit.
 */

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const EMAIL_DOMAIN_MESSAGES = {
  title: 'Invalid email domain',
  message: (domain: string) => `Only @${normalizeDomain(domain)} email addresses are allowed`,
} as const;

export function normalizeDomain(domain: string): string {
  return domain.trim().replace(/^@/, '').toLowerCase();
}

/** Splits a strictly formed address; null for anything that is not `local@domain` with one `@`. */
export function parseEmail(email: string): { local: string; domain: string } | null {
  if (email.length > 254 || /\s/.test(email)) return null;
  const parts = email.split('@');
  if (parts.length !== 2) return null;
  const [local, domain] = parts as [string, string];
  if (local.length === 0 || local.length > 64 || !LOCAL_PART.test(local)) return null;
  if (!DOMAIN.test(domain)) return null;
  return { local, domain: domain.toLowerCase() };
}

/** Lower-cases the whole address: grants and ownership compare e-mails in this form. */
export function normalizeEmail(email: string): string | null {
  const parsed = parseEmail(email.trim());
  return parsed ? `${parsed.local.toLowerCase()}@${parsed.domain}` : null;
}

export function isAllowedEmail(email: string, allowedDomain: string): boolean {
  const parsed = parseEmail(email);
  const domain = normalizeDomain(allowedDomain);
  return parsed !== null && domain.length > 0 && parsed.domain === domain;
}
