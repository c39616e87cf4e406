import { type ApprovalStepsSetting, DEFAULT_APPROVAL_STEPS } from '#shared/approvals';
import {
  CLIENT_TEXT_FIELDS,
  type Client,
  type ClientTextField,
  DEFAULT_CONTENT_INSTRUCTIONS,
  DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
} from '#shared/client';
import type { ClientInput } from '#shared/client-input';
import { INVALID_URL_MESSAGE, isWebAddress, withDefaultScheme } from '#shared/validation/web-address';

/**
 * The client form's state and how it becomes a request body. Inputs hold strings only ('' for empty);
 * the body carries trimmed values and null for empty ones (000 §5), matching what the server stores.
 */

export type ClientFormValues = { name: string; wordpress_app_password: string } & Record<
  ClientTextField,
  string
> & {
    /** Edit only: send null so the server forgets the saved WordPress password. */
    removePassword: boolean;
    /** 'Require approval before publishing'. */
    require_approval: boolean;
    /** 'Approval steps' (shared/approvals.ts). */
    approval_steps: ApprovalStepsSetting;
  };

const blankTextFields = (): Record<ClientTextField, string> =>
  Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, ''])) as Record<ClientTextField, string>;

/** The new-client form: empty, with the default press-release and content instructions prefilled (000 §3). */
export function defaultClientForm(): ClientFormValues {
  return {
    ...blankTextFields(),
    name: '',
    press_release_instructions: DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
    content_instructions: DEFAULT_CONTENT_INSTRUCTIONS,
    wordpress_app_password: '',
    removePassword: false,
    require_approval: false,
    approval_steps: DEFAULT_APPROVAL_STEPS,
  };
}

/** The edit form of a client. The saved password is never sent to the browser, so its field starts blank. */
export function clientToForm(client: Client): ClientFormValues {
  const fields = blankTextFields();
  for (const field of CLIENT_TEXT_FIELDS) fields[field] = client[field] ?? '';
  return {
    ...fields,
    name: client.name,
    wordpress_app_password: '',
    removePassword: false,
    require_approval: client.require_approval,
    approval_steps: client.approval_steps,
  };
}

export function isNameMissing(values: Pick<ClientFormValues, 'name'>): boolean {
  return values.name.trim() === '';
}

/**
 * The server's rule for the WordPress URL (shared/validation/web-address.ts), checked before sending so
 * the problem shows at the field: a site typed without a scheme means https, anything else that is not a
 * web address is refused.
 */
export function wordpressUrlProblem(values: Pick<ClientFormValues, 'wordpress_url'>): string | null {
  const address = withDefaultScheme(values.wordpress_url);
  return address === '' || isWebAddress(address) ? null : INVALID_URL_MESSAGE;
}

/**
 * The body of POST/PUT /api/clients. The password is write-only: absent keeps the saved one, null
 * removes it, a value replaces it.
 */
export function formToInput(values: ClientFormValues): ClientInput {
  const input: ClientInput = {
    name: values.name.trim(),
    require_approval: values.require_approval,
    approval_steps: values.approval_steps,
  };
  for (const field of CLIENT_TEXT_FIELDS) {
    const trimmed = values[field].trim();
    input[field] = trimmed === '' ? null : trimmed;
  }
  const password = values.wordpress_app_password.trim();
  if (values.removePassword) input.wordpress_app_password = null;
  else if (password !== '') input.wordpress_app_password = password;
  return input;
}
