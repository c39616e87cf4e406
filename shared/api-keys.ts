/**
 * API keys (spec 001 §2, §3, §4, §5, §8, §9): constants, messages and the request/response schemas the
 * browser and the server share. Browser-safe: no Node or AWS imports.
 */

/** Every key starts with this (001 §9). */
export const API_KEY_PREFIX = 'lbm_';

/** 256 random bits after the prefix, written in base64url (43 characters). */
export const API_KEY_RANDOM_BYTES = 32;

/** The display prefix is the key's first 12 characters (001 §9), followed by dots. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 12;
export const API_KEY_MASK = '••••••••••••••••';

/** Requests a key may make per minute unless the deployment sets API_KEY_RATE_LIMIT. */
export const DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE = 60;

/** A whole key: the prefix and exactly 43 base64url characters. */
export const API_KEY_PATTERN = /^lbm_[A-Za-z0-9_-]{43}$/;

export const MAX_API_KEY_NAME_LENGTH = 100;

/**
 * What a key may do (docs/decisions.md, "API key scopes"), always within its owner's own access: every
 * route a key may call needs one of these (contract/routes.ts gives each its scope). A key made without
 * a choice, or before scopes existed, has them all.
 */
export const API_KEY_SCOPES = ['read', 'generate', 'publish', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_DESCRIPTIONS: Readonly<Record<ApiKeyScope, string>> = {
  read: 'Read clients, their libraries, jobs, usage, statements and notifications.',
  generate: 'Start generation jobs and bulk runs, analyze and resize images, fetch pages.',
  publish: 'Publish, schedule, retry and cancel posts to the clients’ channels.',
  admin: 'Create and change clients, budgets, billing, settings and webhook endpoints.',
};

/** The expiry choices the API Keys page offers, in days; the API takes any future date-time. */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;

/** The 403 of a call outside the key's scopes. */
export const INSUFFICIENT_SCOPE_CODE = 'insufficient_scope';
export function insufficientScopeMessage(scope: ApiKeyScope): string {
  return `This API key does not have the "${scope}" scope. Create a key with it on the API Keys page.`;
}

/** Toasts and the form message of the API Keys screen (001 §5, §8). */
export const API_KEY_MESSAGES = {
  nameRequired: 'Please enter a name for the API key',
  fetchFailed: 'Failed to fetch API keys',
  createFailed: 'Failed to create API key',
  updateFailed: 'Failed to update API key status',
  deleteFailed: 'Failed to delete API key',
  created: 'API key created successfully',
  activated: 'API key activated',
  deactivated: 'API key deactivated',
  deleted: 'API key deleted successfully',
  copied: 'API key copied to clipboard',
  copyFailed: 'Failed to copy API key',
  scopesRequired: 'Choose at least one scope',
  expiryPast: 'The expiry must be a date and time in the future',
  expiryInvalid: 'The expiry must be an ISO 8601 date and time, such as 2027-01-31T00:00:00Z',
} as const;

/** A key as listed: never its value, only the display prefix (001 §3 without key_value). */
export interface ApiKeySummary {
  id: string;
  name: string;
  key_prefix: string;
  user_id: string;
  user_email: string;
  is_active: boolean;
  created_at: string;
  last_used_at: string | null;
  /** What the key may do; every scope for a key made before scopes existed. */
  scopes: ApiKeyScope[];
  /** When the key stops working (ISO), or null for never. */
  expires_at: string | null;
}

/** The answer to POST /api/api-keys: the only time the full key (`key`) leaves the server. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}

export function isApiKeyCredential(credential: string): boolean {
  return credential.startsWith(API_KEY_PREFIX);
}

/** '`lbm_AbCdEfGh`••••' as the list shows it. */
export function maskedApiKey(keyPrefix: string): string {
  return `${keyPrefix}${API_KEY_MASK}`;
}
