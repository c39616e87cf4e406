import type { ApprovalStepsSetting } from './approvals';
import { CLIENT_INSTRUCTION_FIELDS } from './client-instructions';

/**
 * The client profile (spec 000 §3, 001 §3). Text fields are trimmed and empty ones become null, on
 * the server as well as in the form, so "no value" has exactly one representation.
 */

export const CLIENT_TEXT_FIELDS = [
  'company_name',
  'owner',
  'email',
  'phone',
  'website',
  'facebook',
  'linkedin',
  'gbp',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  ...CLIENT_INSTRUCTION_FIELDS,
  'wordpress_url',
  'wordpress_username',
] as const;

export type ClientTextField = (typeof CLIENT_TEXT_FIELDS)[number];

export const CLIENT_NAME_REQUIRED = {
  title: 'Name Required',
  message: 'Please enter a client name.',
} as const;

/** A client as the API returns it: the WordPress password never leaves the server. */
export interface Client extends Record<ClientTextField, string | null> {
  id: string;
  name: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  wordpress_configured: boolean;
  content_count: number;
  access_count: number;
  /** 'Require approval before publishing': off unless the client's editor turns it on. */
  require_approval: boolean;
  /** Who must approve before publishing (shared/approvals.ts); `none` by default. */
  approval_steps: ApprovalStepsSetting;
}

export const DEFAULT_PRESS_RELEASE_INSTRUCTIONS = `Write the press release in the third person and in news style, 300-500 words (300-800 is acceptable).
Structure it as follows:
1. Headline: short, specific and newsworthy.
2. Subheadline: one sentence that adds the key detail.
3. Dateline in AP style (CITY, State abbreviation - Month Day, Year) followed by the lead paragraph answering who, what, when, where and why.
4. Body: supporting facts and context, with one or two quotes from a company spokesperson.
5. Boilerplate: a short "About the company" paragraph.
6. Media contact: name, phone and e-mail.
7. Multimedia note: mention available photos, video or other assets.
Use the current date.`;

export const DEFAULT_CONTENT_INSTRUCTIONS = `Write an SEO-friendly blog post of 1000-1500 words based on the client's website URL.
Only mention the client's business; never name or link to outside businesses.
Match the tone of the client's website and write in American English.
Do not use emojis.
Return WordPress-ready HTML (h2/h3 headings, paragraphs, lists; no <html>, <head> or <body>).
Word every call to action as "Contact us" and link it to the client's contact page.`;
