import { type ClientSummary, toClientSummary } from '#shared/client-list';
import { SIGNED_IN_USER } from '@/testing/signed-in-user';

/** A client's card summary as the list serves it; `n` orders them (a higher one is newer). */
export function clientCard(n: number, name: string): ClientSummary {
  const at = new Date(Date.UTC(2026, 0, n)).toISOString();
  return toClientSummary({
    id: `01J00000000000000000000${String(n).padStart(3, '0')}`,
    name,
    company_name: null,
    owner: null,
    email: null,
    phone: null,
    website: null,
    facebook: null,
    linkedin: null,
    gbp: null,
    address: null,
    city: null,
    state: null,
    postal_code: null,
    country: null,
    newsletter_instructions: null,
    press_release_instructions: null,
    content_instructions: null,
    wordpress_url: null,
    wordpress_username: null,
    created_by: SIGNED_IN_USER.id,
    created_at: at,
    updated_at: at,
    wordpress_configured: false,
    content_count: 0,
    access_count: 0,
    require_approval: false,
    approval_steps: 'none',
  });
}
