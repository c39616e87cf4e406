import type { ClientTextField } from '#shared/client';
import {
  CLIENT_INSTRUCTION_FIELDS,
  CLIENT_INSTRUCTIONS,
  type ClientInstructionDescriptor,
} from '#shared/client-instructions';

/**
 * The client form's fields in display order (000 §2, 001 §3), grouped into sections. Row counts and
 * input types are the spec's; the WordPress password has its own control (wordpress-password-field).
 */

export type ClientFormFieldName = 'name' | ClientTextField;

export interface ClientFormField {
  readonly name: ClientFormFieldName;
  readonly label: string;
  readonly placeholder?: string;
  /** Input type; textareas give `rows` instead. */
  readonly type?: 'text' | 'email' | 'tel';
  readonly inputMode?: 'url' | 'text';
  readonly rows?: number;
  readonly autoComplete?: string;
  /** Spans both columns of the section's grid. */
  readonly wide?: boolean;
}

export interface ClientFormSection {
  readonly title: string;
  readonly fields: readonly ClientFormField[];
  /** The section that ends with the write-only WordPress password control. */
  readonly withPassword?: boolean;
}

export const CLIENT_FORM_SECTIONS: readonly ClientFormSection[] = [
  {
    title: 'Basic Information',
    fields: [
      { name: 'name', label: 'Name *', placeholder: 'Client name', wide: true, autoComplete: 'off' },
      {
        name: 'company_name',
        label: 'Company Name',
        placeholder: 'Company name',
        autoComplete: 'organization',
      },
      { name: 'owner', label: 'Owner', placeholder: 'Owner name', autoComplete: 'off' },
    ],
  },
  {
    title: 'Contact',
    fields: [
      {
        name: 'email',
        label: 'Email',
        type: 'email',
        placeholder: 'contact@client.com',
        autoComplete: 'off',
      },
      { name: 'phone', label: 'Phone', type: 'tel', placeholder: '(555) 123-4567', autoComplete: 'off' },
    ],
  },
  {
    title: 'Online Presence',
    fields: [
      { name: 'website', label: 'Website', inputMode: 'url', placeholder: 'https://example.com' },
      { name: 'facebook', label: 'Facebook', inputMode: 'url', placeholder: 'https://facebook.com/...' },
      {
        name: 'linkedin',
        label: 'LinkedIn',
        inputMode: 'url',
        placeholder: 'https://linkedin.com/company/...',
      },
      { name: 'gbp', label: 'Google Business Profile', inputMode: 'url', placeholder: 'https://g.page/...' },
    ],
  },
  {
    title: 'Address',
    fields: [
      { name: 'address', label: 'Address', placeholder: 'Street address', wide: true, autoComplete: 'off' },
      { name: 'city', label: 'City', placeholder: 'City', autoComplete: 'off' },
      { name: 'state', label: 'State', placeholder: 'State', autoComplete: 'off' },
      { name: 'postal_code', label: 'Postal Code', placeholder: 'Postal code', autoComplete: 'off' },
      { name: 'country', label: 'Country', placeholder: 'Country', autoComplete: 'off' },
    ],
  },
  {
    title: 'Content Instructions',
    fields: CLIENT_INSTRUCTION_FIELDS.map((name): ClientFormField => {
      const { label, rows, placeholder }: ClientInstructionDescriptor = CLIENT_INSTRUCTIONS[name];
      return { name, label, rows, wide: true, ...(placeholder === undefined ? {} : { placeholder }) };
    }),
  },
  {
    title: 'WordPress',
    withPassword: true,
    fields: [
      {
        name: 'wordpress_url',
        label: 'WordPress URL',
        inputMode: 'url',
        placeholder: 'https://client-site.com',
      },
      {
        name: 'wordpress_username',
        label: 'WordPress Username',
        placeholder: 'Username',
        autoComplete: 'off',
      },
    ],
  },
];
