import type { Client } from '#shared/client';

/** Pure helpers behind the client cards. */

/**
 * A link target for a stored web address. People type `acme.com` without a scheme, which a browser
 * would resolve relative to this app; anything that is not http(s) gets `https://` in front, which also
 * keeps `javascript:` and other schemes from ever becoming a live link.
 */
export function externalHref(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//iu.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/u, '')}`;
}

/** The address block: street, then "City, State Postal code", then country; empty parts left out. */
export function addressLines(
  client: Pick<Client, 'address' | 'city' | 'state' | 'postal_code' | 'country'>,
): string[] {
  const region = [client.state, client.postal_code].filter(Boolean).join(' ');
  const locality = [client.city, region].filter(Boolean).join(', ');
  return [client.address, locality, client.country].filter((line): line is string => Boolean(line));
}

/** Newest first, as the list is served; used to put a restored client back in its place. */
export function insertByNewest<Item extends Pick<Client, 'id' | 'created_at'>>(
  clients: readonly Item[],
  client: Item,
): Item[] {
  const rest = clients.filter((existing) => existing.id !== client.id);
  const index = rest.findIndex((existing) => existing.created_at < client.created_at);
  return index === -1 ? [...rest, client] : [...rest.slice(0, index), client, ...rest.slice(index)];
}
