/**
 * The public API (spec 001 §7, §9): constants the server, the OpenAPI document and the documentation
 * page share. Browser-safe and free of zod (the schemas are in public-api-schemas.ts).
 */

/**
 * The documented API version: the spec's 1.2.2 (001 §9) with additions
 * (docs/decisions.md, "The public API keeps its contract"): usage, budgets and batches in 1.3.0; the agency's
 * settings, client statements and billing, the usage filters `clientId` and `provider` with the offline and
 * estimated figures in 1.4.0; the caller's notifications, a client's `approval_steps` and a library item's
 * approval state in 1.5.0; every tool, a client's library, `Idempotency-Key`'s 422, the 415 and the
 * `RateLimit` fields in 1.6.0; webhooks and API key scopes in 1.7.0; image uploads, one client by id and
 * the MCP server in 1.8.0; `Idempotency-Key` on review links, statement links, webhooks, their test
 * events and redeliveries in 1.9.0, each a minor version: every earlier endpoint and reply is unchanged.
 */
export const PUBLIC_API_VERSION = '1.9.0';

export const PUBLIC_API_TITLE = 'LBM Studio API';

/** The documentation page of the app, the document's contact (its origin is the deployment's). */
export const DOCUMENTATION_PATH = '/documentation';

export const PUBLIC_API_CONTACT_NAME = 'LBM Studio: the agency’s API documentation';

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

/** `Prefer: wait=N` is honoured up to this many seconds (API Gateway answers within 30 s). */
export const MAX_PREFER_WAIT_SECONDS = 25;
/** How long the MCP server's generation tools wait for their job before answering its handle. */
export const MCP_GENERATION_WAIT_SECONDS = 20;

/** Tabs of the documentation page's endpoint reference, also the OpenAPI tags (001 §2). */
export const PUBLIC_API_TAGS = ['Content', 'Images', 'Clients', 'Other'] as const;
export type PublicApiTag = (typeof PUBLIC_API_TAGS)[number];

export const PUBLIC_API_TAG_DESCRIPTIONS: Readonly<Record<PublicApiTag, string>> = {
  Content:
    'Written content: client blog posts, rewrites of a post, newsletters. Each is a generation job; a batch runs many from a spreadsheet’s rows.',
  Images: 'Generated images, stored as media files of the job.',
  Clients:
    'The client profiles the key’s owner can see, new ones, their monthly AI budgets, and their publishing channels (Google Business Profile, Facebook, Instagram, LinkedIn, X) with the posts of their library items to them: published now or at a time, each checked against its platform’s rules and the client’s approval steps first. Connecting a channel needs its owner’s consent on the platform, so it is done in the app.',
  Other:
    'Speech, jobs, what the AI work cost, the agency’s settings, the caller’s notifications and webhook endpoints, media files and the health check.',
};

/** The API's terms, as the document's license says: for the agency's staff and the integrations it allows. */
export const PUBLIC_API_LICENSE = {
  name: 'Proprietary: for the agency and the integrations it authorises',
  identifier: 'LicenseRef-LBM-Studio-Proprietary',
} as const;

/** Relative to the API's origin, like the Location header. */
export function jobStatusUrl(jobId: string): string {
  return `/api/jobs/${jobId}`;
}
