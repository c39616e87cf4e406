import { describe, expect, it } from 'vitest';
import { CLIENT_TEXT_FIELDS } from './client';
import { clientInputSchema } from './client-input';
import { byInstructionField, CLIENT_INSTRUCTION_FIELDS, CLIENT_INSTRUCTIONS } from './client-instructions';
import { previewFieldOf, toClientSummary } from './client-list';
import * as z from './validation/zod';

describe('the client instruction fields, described once', () => {
  it('are the profile text fields between the address and WordPress, in the order the API lists them', () => {
    const country = CLIENT_TEXT_FIELDS.indexOf('country');
    expect(CLIENT_TEXT_FIELDS.slice(country + 1, country + 1 + CLIENT_INSTRUCTION_FIELDS.length)).toEqual(
      Object.keys(CLIENT_INSTRUCTIONS),
    );
    expect(CLIENT_TEXT_FIELDS[country + 1 + CLIENT_INSTRUCTION_FIELDS.length]).toBe('wordpress_url');
  });

  it('builds one value per field', () => {
    expect(byInstructionField((field) => field.length)).toEqual({
      newsletter_instructions: 23,
      press_release_instructions: 26,
      content_instructions: 20,
    });
  });

  it('gives each field the long-text limit in the request schema, not the short one', () => {
    for (const field of CLIENT_INSTRUCTION_FIELDS) {
      const long = 'x'.repeat(5_000);
      const result = z.safeParse(clientInputSchema, { name: 'Bakery', [field]: long });
      expect(result.success, field).toBe(true);
      const short = z.safeParse(clientInputSchema, { name: 'Bakery', company_name: long });
      expect(short.success).toBe(false);
    }
  });

  it('replaces every instruction by its preview on the card, and keeps no full text', () => {
    const client = Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, `${field} text`]));
    const summary: Record<string, unknown> = toClientSummary({
      ...(client as Record<(typeof CLIENT_TEXT_FIELDS)[number], string>),
      id: 'c1',
      name: 'Bakery',
      created_by: 'u1',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      wordpress_configured: false,
      content_count: 0,
      access_count: 0,
      require_approval: false,
      approval_steps: 'none',
    });
    for (const field of CLIENT_INSTRUCTION_FIELDS) {
      expect(summary).not.toHaveProperty(field);
      expect(summary[previewFieldOf(field)]).toBe(`${field} text`);
    }
    expect(summary).not.toHaveProperty('wordpress_url');
    expect(summary).not.toHaveProperty('wordpress_username');
    expect(summary.company_name).toBe('company_name text');
  });
});
