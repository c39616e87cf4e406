import type { ExtractedSource, ToolContext } from '#functions/generation/tool-definition';
import type { Client } from '#shared/client';

/** Shared inputs of the tool tests: one realistic client, one article, one fixed clock. */

export const NOW = new Date('2026-11-21T15:30:00Z');

export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 'client-1',
    name: 'Maria Lopez',
    company_name: 'Lopez Plumbing & Heating',
    owner: 'Maria Lopez',
    email: 'hello@lopezplumbing.example',
    phone: '(512) 555-0134',
    website: 'https://lopezplumbing.example',
    facebook: 'https://facebook.com/lopezplumbing',
    linkedin: null,
    gbp: null,
    address: '1200 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'USA',
    newsletter_instructions: 'Always mention our 24/7 emergency service and the winter tune-up special.',
    press_release_instructions: null,
    content_instructions: null,
    wordpress_url: null,
    wordpress_username: null,
    created_by: 'user-1',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    wordpress_configured: false,
    content_count: 0,
    access_count: 0,
    require_approval: false,
    approval_steps: 'none',
    ...overrides,
  };
}

export const ARTICLE: ExtractedSource = {
  url: 'https://lopezplumbing.example/blog/tankless-water-heaters',
  title: 'Is a Tankless Water Heater Right for Your Home?',
  siteName: 'Lopez Plumbing & Heating',
  text: `Is a Tankless Water Heater Right for Your Home?

Welcome back to our blog, friends! Thanks for stopping by, we hope your week is going great.

How Tankless Heaters Work

A tankless water heater heats water only when a faucet opens, so there is no storage tank losing heat all day. Homes that switch to a tankless water heater typically cut water heating energy use by 24 to 34 percent, according to Department of Energy estimates.

Many families in Austin find that hot water never runs out, even with back-to-back showers. The compact unit mounts on a wall and frees up floor space in a garage or closet.

Costs and Lifespan

Installation of a tankless water heater usually takes one day, and the unit lasts about 20 years compared with 10 to 15 years for a storage tank heater. The upfront price is higher, but lower energy bills recover much of the difference over the life of the unit.

Gas tankless models need proper venting, while electric tankless models may need an upgraded electrical panel. A licensed plumber should size the unit to the number of fixtures that run at the same time.

Keeping It Running

Annual flushing removes mineral scale from the heat exchanger of a tankless water heater and keeps the warranty valid. Hard water in Central Texas makes this yearly service especially important.

Our licensed technicians install and service every major brand of tankless water heater, and we offer free in-home estimates.`,
};

export function makeContext(overrides: Partial<ToolContext> = {}): ToolContext {
  return { client: makeClient(), source: null, now: NOW, ...overrides };
}
