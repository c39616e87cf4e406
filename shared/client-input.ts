import { APPROVAL_STEPS_SETTINGS } from './approvals';
import { CLIENT_NAME_REQUIRED, CLIENT_TEXT_FIELDS, type ClientTextField } from './client';
import { CLIENT_INSTRUCTION_FIELDS } from './client-instructions';
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

/**
 * How a client write treats a field it is not given: a create leaves it empty; a PUT replaces
 * the whole profile, so it must name every field (null clears one); a PATCH changes only the fields it
 * names and keeps the others (`undefined` after parsing).
 */

const emptyToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Said after the field's name ('company_name: required, …'), as every validation message is. */
export const MISSING_FOR_REPLACE =
  'required, since PUT replaces the whole profile: send every field (null clears one), or change only some with PATCH.';

/** A text value of at most `max` characters; a PUT that leaves it out is told it is required. */
const text = (max: number, maxMessage = `must be at most ${max} characters`) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? MISSING_FOR_REPLACE : undefined) })
    .check(z.maxLength(max, maxMessage));

const createText = (max: number) => z.pipe(z.nullish(text(max)), z.transform(emptyToNull));
const replaceText = (max: number) =>
  z.pipe(
    z.nullable(text(max)),
    z.transform((value: string | null) => emptyToNull(value)),
  );
const patchText = (max: number) =>
  z.pipe(
    z.optional(z.nullable(text(max))),
    z.transform((value: string | null | undefined) => (value === undefined ? undefined : emptyToNull(value))),
  );

const instructionFields: ReadonlySet<ClientTextField> = new Set(CLIENT_INSTRUCTION_FIELDS);

type PlainTextField = Exclude<ClientTextField, 'wordpress_url'>;

function textShape<Schema>(make: (max: number) => Schema): Record<PlainTextField, Schema> {
  return Object.fromEntries(
    CLIENT_TEXT_FIELDS.filter((field) => field !== 'wordpress_url').map((field) => [
      field,
      make(instructionFields.has(field) ? MAX_INSTRUCTIONS : MAX_SHORT),
    ]),
  ) as Record<PlainTextField, Schema>;
}

/**
 * The address the server sends the application password to, so it follows the one web-address rule
 * (shared/validation/web-address.ts). A site typed without a scheme (`bakery.example`) means https.
 */
const toAddress = (value: string | null | undefined) => {
  const address = withDefaultScheme(value ?? '');
  return address === '' ? null : address;
};
const isAddressOrEmpty = (address: string | null | undefined) =>
  address === null || address === undefined || isWebAddress(address);
const urlText = () => text(MAX_URL_LENGTH, INVALID_URL_MESSAGE);

const createUrl = z
  .pipe(z.nullish(urlText()), z.transform(toAddress))
  .check(z.refine(isAddressOrEmpty, INVALID_URL_MESSAGE));
const replaceUrl = z
  .pipe(
    z.nullable(urlText()),
    z.transform((value: string | null) => toAddress(value)),
  )
  .check(z.refine((address: string | null) => isAddressOrEmpty(address), INVALID_URL_MESSAGE));
const patchUrl = z
  .pipe(
    z.optional(z.nullable(urlText())),
    z.transform((value: string | null | undefined) => (value === undefined ? undefined : toAddress(value))),
  )
  .check(z.refine(isAddressOrEmpty, INVALID_URL_MESSAGE));

const nameField = z
  .pipe(
    // The spec's message is for a name that is missing or not text; a long one is told its limit.
    z
      .string({ error: CLIENT_NAME_REQUIRED.message })
      .check(z.maxLength(MAX_SHORT, `must be at most ${MAX_SHORT} characters`)),
    z.transform((value: string) => value.trim()),
  )
  .check(z.refine((value) => value.length > 0, { message: CLIENT_NAME_REQUIRED.message }));

/**
 * Write-only. `undefined` (absent) keeps the stored password, `null` or '' clears it, any other string
 * replaces it; the same in every write, since a password is never read back to be sent again.
 */
const passwordField = z.nullish(z.string().check(z.maxLength(MAX_SHORT)));

/**
 * 'Require approval before publishing': a setting rather than profile text, so left out it
 * keeps the stored value in every write (off for a new client).
 */
const approvalField = z.optional(z.boolean());

/** `approval_steps` (docs/decisions.md 'Approval steps'): a setting too, so left out it keeps the stored value (`none` when new). */
const approvalStepsField = z.optional(
  z.enum(APPROVAL_STEPS_SETTINGS, { error: `must be one of ${APPROVAL_STEPS_SETTINGS.join(', ')}` }),
);

/** Body of POST /api/clients: fields left out are empty. */
export const clientInputSchema = z.object({
  name: nameField,
  ...textShape(createText),
  wordpress_url: createUrl,
  wordpress_app_password: passwordField,
  require_approval: approvalField,
  approval_steps: approvalStepsField,
});

/** Body of PUT /api/clients/{clientId}: the whole profile; a field left out is refused, never cleared. */
export const clientReplaceSchema = z.object({
  name: nameField,
  ...textShape(replaceText),
  wordpress_url: replaceUrl,
  wordpress_app_password: passwordField,
  require_approval: approvalField,
  approval_steps: approvalStepsField,
});

/** Body of PATCH /api/clients/{clientId}: the fields to change; those left out keep their value. */
export const clientPatchSchema = z.object({
  name: z.optional(nameField),
  ...textShape(patchText),
  wordpress_url: patchUrl,
  wordpress_app_password: passwordField,
  require_approval: approvalField,
  approval_steps: approvalStepsField,
});

export type ClientInput = z.input<typeof clientInputSchema>;
export type ParsedClientInput = z.output<typeof clientInputSchema>;
/** A parsed PUT or PATCH: a field that is `undefined` keeps its stored value. */
export type ParsedClientChanges = z.output<typeof clientPatchSchema>;
