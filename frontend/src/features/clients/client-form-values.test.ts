import { describe, expect, it } from 'vitest';
import {
  CLIENT_TEXT_FIELDS,
  type Client,
  DEFAULT_CONTENT_INSTRUCTIONS,
  DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
} from '#shared/client';
import {
  clientToForm,
  defaultClientForm,
  formToInput,
  isNameMissing,
  wordpressUrlProblem,
} from './client-form-values';

function client(overrides: Partial<Client> = {}): Client {
  const fields = Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, null]));
  return {
    ...fields,
    id: '01J0000000000000000000000A',
    name: 'Acme Plumbing',
    created_by: 'user-1',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    wordpress_configured: false,
    content_count: 0,
    access_count: 0,
    ...overrides,
  } as Client;
}

describe('defaultClientForm', () => {
  it('prefills the press-release and content instructions and leaves everything else blank', () => {
    const values = defaultClientForm();
    expect(values.press_release_instructions).toBe(DEFAULT_PRESS_RELEASE_INSTRUCTIONS);
    expect(values.content_instructions).toBe(DEFAULT_CONTENT_INSTRUCTIONS);
    expect(values.newsletter_instructions).toBe('');
    expect(values.name).toBe('');
    expect(values.wordpress_app_password).toBe('');
    expect(values.removePassword).toBe(false);
  });

  it('returns a fresh object each time, so a reset never shares state with the last form', () => {
    const first = defaultClientForm();
    first.name = 'changed';
    expect(defaultClientForm().name).toBe('');
  });
});

describe('clientToForm', () => {
  it('turns nulls into empty inputs and never carries a password', () => {
    const values = clientToForm(client({ city: 'Austin', wordpress_configured: true }));
    expect(values.name).toBe('Acme Plumbing');
    expect(values.city).toBe('Austin');
    expect(values.phone).toBe('');
    expect(values.wordpress_app_password).toBe('');
  });
});

describe('formToInput', () => {
  it('trims every value and sends null for empty optional fields', () => {
    const values = { ...defaultClientForm(), name: '  Acme  ', city: '  Austin ', phone: '   ' };
    const input = formToInput(values);
    expect(input.name).toBe('Acme');
    expect(input.city).toBe('Austin');
    expect(input.phone).toBeNull();
    expect(input.press_release_instructions).toBe(DEFAULT_PRESS_RELEASE_INSTRUCTIONS.trim());
  });

  it('omits a blank password so the saved one is kept', () => {
    const input = formToInput({ ...clientToForm(client()), wordpress_app_password: '   ' });
    expect('wordpress_app_password' in input).toBe(false);
  });

  it('sends a new password trimmed', () => {
    const input = formToInput({ ...clientToForm(client()), wordpress_app_password: ' abcd efgh ijkl ' });
    expect(input.wordpress_app_password).toBe('abcd efgh ijkl');
  });

  it('sends null when the saved password is to be removed, whatever the field holds', () => {
    const input = formToInput({
      ...clientToForm(client()),
      wordpress_app_password: 'x',
      removePassword: true,
    });
    expect(input.wordpress_app_password).toBeNull();
  });
});

describe('isNameMissing', () => {
  it('treats a name of spaces as missing', () => {
    expect(isNameMissing({ name: '   ' })).toBe(true);
    expect(isNameMissing({ name: ' A ' })).toBe(false);
  });
});

describe('wordpressUrlProblem', () => {
  it('accepts an empty field, a web address, and a site typed without a scheme', () => {
    for (const wordpress_url of [
      '',
      '  ',
      'https://client-site.com',
      'http://client.example/blog',
      'client.example',
    ]) {
      expect(wordpressUrlProblem({ wordpress_url })).toBeNull();
    }
  });

  it('refuses what the server refuses, with the same words', () => {
    for (const wordpress_url of [
      'javascript:alert(1)',
      'ftp://client.example',
      'http://',
      'https://u:p@x.example',
    ]) {
      expect(wordpressUrlProblem({ wordpress_url })).toBe('Please enter a valid URL');
    }
  });
});

describe('approval steps in the form', () => {
  it('start at none, read the client’s setting and send it with the profile', () => {
    expect(defaultClientForm().approval_steps).toBe('none');
    expect(formToInput(defaultClientForm()).approval_steps).toBe('none');
    const values = clientToForm(client({ approval_steps: 'internal_then_client', require_approval: false }));
    expect(values.approval_steps).toBe('internal_then_client');
    expect(formToInput({ ...values, approval_steps: 'client' })).toMatchObject({ approval_steps: 'client' });
  });
});
