import { CLIENT_NAME_REQUIRED, CLIENT_TEXT_FIELDS, type ClientTextField } from './client';
import {
  INVALID_URL_MESSAGE,
  isWebAddress,
  MAX_URL_LENGTH,
  withDefaultScheme,
} from './validation/web-address';
import * as z from './validation/zod';

/**
 * The body of a client write (spec 000 §3, 001 §3), apart from the profile's fields (client.ts): only
 * the handlers that write a client build this schema, so a reader's bundle neither holds nor builds it
 * at import. Text fields are trimmed and empty ones become null.
 */

const MAX_SHORT = 500;
const MAX_INSTRUCTIONS = 20_000;

const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.maxLength(max, `must be at most ${max} characters`))),
    z.transform((value: string | null | undefined) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    }),
  );

const instructionFields = new Set<ClientTextField>([
  'newsletter_instructions',
  'press_release_instructions',
  'content_instructions',
]);

const textFieldShape = Object.fromEntries(
  CLIENT_TEXT_FIELDS.map((field) => [
    field,
    optionalText(instructionFields.has(field) ? MAX_INSTRUCTIONS : MAX_SHORT),
  ]),
) as Record<ClientTextField, ReturnType<typeof optionalText>>;

/**
 * The address the server sends the application password to, so it follows the one web-address rule
 * (issue 27 item 3). A site typed without a scheme (`bakery.example`) means https.
 */
const wordpressUrlField = z
  .pipe(
    z.nullish(z.string().check(z.maxLength(MAX_URL_LENGTH, INVALID_URL_MESSAGE))),
    z.transform((value: string | null | undefined) => {
      const address = withDefaultScheme(value ?? '');
      return address === '' ? null : address;
    }),
  )
  .check(z.refine((value) => value === null || isWebAddress(value), INVALID_URL_MESSAGE));

/** Body of POST /api/clients and PUT /api/clients/{clientId}. */
export const clientInputSchema = z.object({
  name: z
    .pipe(
      z.string({ error: CLIENT_NAME_REQUIRED.message }).check(z.maxLength(MAX_SHORT)),
      z.transform((value: string) => value.trim()),
    )
    .check(z.refine((value) => value.length > 0, { message: CLIENT_NAME_REQUIRED.message })),
  ...textFieldShape,
  wordpress_url: wordpressUrlField,
  /**
   * Write-only. `undefined` (absent) keeps the stored password, `null` or '' clears it, any other
   * string replaces it.
   */
  wordpress_app_password: z.nullish(z.string().check(z.maxLength(MAX_SHORT))),
  /** 'Require approval before publishing'; absent keeps the stored setting (off for a new client). */
  require_approval: z.optional(z.boolean()),
});

export type ClientInput = z.input<typeof clientInputSchema>;
export type ParsedClientInput = z.output<typeof clientInputSchema>;
