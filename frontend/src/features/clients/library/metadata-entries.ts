import { formatDisplayDate } from '#shared/saved-title';

/**
 * 'Generation Details' (000 §2): an item's metadata as a readable list. Keys become words
 * (`inputType` → 'Input Type'), values become text; nested values are shown as indented JSON.
 */

export interface MetadataEntry {
  key: string;
  label: string;
  value: string;
  /** Nested data (image lists, schema) that reads best preformatted. */
  multiline: boolean;
}

const WORD_OVERRIDES: Readonly<Record<string, string>> = {
  url: 'URL',
  id: 'ID',
  html: 'HTML',
  gbp: 'GBP',
  api: 'API',
  ai: 'AI',
  faq: 'FAQ',
  seo: 'SEO',
  wordpress: 'WordPress',
};

export function metadataLabel(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/gu, '$1 $2')
    .split(/[\s_-]+/u)
    .filter((word) => word !== '')
    .map(
      (word) =>
        WORD_OVERRIDES[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/u;

function describe(value: unknown, timeZone: string): { value: string; multiline: boolean } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return { value: value ? 'Yes' : 'No', multiline: false };
  if (typeof value === 'number') return { value: value.toLocaleString('en-US'), multiline: false };
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (ISO_DATE_TIME.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) {
      return { value: formatDisplayDate(new Date(trimmed), timeZone), multiline: false };
    }
    return { value: trimmed, multiline: trimmed.includes('\n') };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    if (value.every((entry) => ['string', 'number', 'boolean'].includes(typeof entry))) {
      return { value: value.join(', '), multiline: false };
    }
  }
  if (typeof value === 'object' && Object.keys(value).length === 0) return null;
  return { value: JSON.stringify(value, null, 2), multiline: true };
}

/** The entries in the metadata's own order; empty values are left out. */
export function metadataEntries(
  metadata: Readonly<Record<string, unknown>>,
  timeZone = 'UTC',
): MetadataEntry[] {
  return Object.entries(metadata).flatMap(([key, raw]) => {
    const described = describe(raw, timeZone);
    return described ? [{ key, label: metadataLabel(key), ...described }] : [];
  });
}
