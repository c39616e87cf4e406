/**
 * The version a reviewer last looked at, kept in their own browser (the page shows what
 * changed since). Keyed by the token's SHA-256, so the link itself is not written to storage; a browser
 * without storage (private mode, full) just shows no comparison on the next visit.
 */

export interface SeenVersion {
  readonly versionId: string;
  readonly title: string;
  readonly text: string;
  readonly versionCreatedAt: string;
}

async function storageKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `lbm-review-seen:${hex}`;
}

function isSeenVersion(value: unknown): value is SeenVersion {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return ['versionId', 'title', 'text', 'versionCreatedAt'].every(
    (field) => typeof entry[field] === 'string',
  );
}

export async function readSeen(token: string): Promise<SeenVersion | null> {
  try {
    const stored = localStorage.getItem(await storageKey(token));
    const parsed: unknown = stored === null ? null : JSON.parse(stored);
    return isSeenVersion(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export async function writeSeen(token: string, seen: SeenVersion): Promise<void> {
  try {
    const { versionId, title, text, versionCreatedAt } = seen;
    localStorage.setItem(
      await storageKey(token),
      JSON.stringify({ versionId, title, text, versionCreatedAt }),
    );
  } catch {
    // No storage: nothing to compare with next time.
  }
}
