import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiKeySummary } from '#shared/api-keys';
import { ApiKeyRow } from './api-key-row';

/** WCAG 2.5.3 Label in Name: the switch's name holds the text shown beside it, so saying it works. */

const KEY: ApiKeySummary = {
  id: 'key-1',
  name: 'Reporting script',
  key_prefix: 'lbm_AbCdEfGh',
  user_id: 'user-1',
  user_email: 'owner@example.com',
  is_active: true,
  created_at: '2026-01-05T10:00:00.000Z',
  last_used_at: null,
  scopes: ['read', 'generate', 'publish', 'admin'],
  expires_at: null,
};

function rowSwitch(apiKey: ApiKeySummary) {
  const markup = renderToStaticMarkup(
    <ApiKeyRow
      apiKey={apiKey}
      showOwner={false}
      owned
      busy={false}
      onToggle={() => undefined}
      onDelete={() => undefined}
    />,
  );
  const { document } = parseHTML(`<!doctype html><html><body><ul>${markup}</ul></body></html>`);
  const control = document.querySelector('[role="switch"]');
  if (!control) throw new Error('No switch');
  return {
    name: control.getAttribute('aria-label') ?? '',
    checked: control.getAttribute('aria-checked'),
    shown: document.querySelector(`label[for="${control.id}"]`)?.textContent ?? '',
  };
}

describe('ApiKeyRow switch', () => {
  it.each([
    ['an active key', true],
    ['an inactive key', false],
  ])('is named by the text beside it, then the key, for %s', (_, is_active) => {
    const { name, checked, shown } = rowSwitch({ ...KEY, is_active });
    expect(shown).toBe('Active');
    expect(name.toLowerCase().startsWith(shown.toLowerCase())).toBe(true);
    expect(name).toBe('Active: Reporting script');
    // The state is the switch's own (on or off), not a second word in its label.
    expect(checked).toBe(String(is_active));
  });
});
