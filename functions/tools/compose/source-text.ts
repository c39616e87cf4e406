import type { ExtractedSource } from '#functions/generation/tool-definition';

/** Most source characters a prompt carries (about 3,000 tokens): enough to rewrite from, cheap to send. */
export const MAX_SOURCE_CHARS = 12_000;

/** The source block of a prompt: title, address and text, cut at a paragraph end when too long. */
export function sourceBlock(source: ExtractedSource, maxChars = MAX_SOURCE_CHARS): string {
  let text = source.text.trim();
  if (text.length > maxChars) {
    const cut = text.slice(0, maxChars);
    const paragraphEnd = cut.lastIndexOf('\n\n');
    text = `${paragraphEnd > maxChars / 2 ? cut.slice(0, paragraphEnd) : cut}\n[…]`;
  }
  const lines = [`Source URL: ${source.url}`];
  if (source.title.trim() !== '') lines.push(`Source title: ${source.title.trim()}`);
  if (source.siteName) lines.push(`Source site: ${source.siteName}`);
  lines.push('Source content:', '"""', text, '"""');
  return lines.join('\n');
}
