/** schema.org JSON-LD for FAQ pages and how-to guides, built from the same items as the HTML. */

export interface GuideItem {
  /** The question, or the step's short name. */
  readonly name: string;
  /** The answer, or the step's instructions. */
  readonly text: string;
}

export function faqPageSchema(items: readonly GuideItem[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.name,
      acceptedAnswer: { '@type': 'Answer', text: item.text },
    })),
  };
}

export function howToSchema(
  name: string,
  description: string,
  items: readonly GuideItem[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name,
    description,
    step: items.map((item, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      name: item.name,
      text: item.text,
    })),
  };
}

/**
 * JSON-LD as text that is safe inside a <script type="application/ld+json"> block (the Download HTML
 * of 001 §2 appends it there): "<" is escaped, so no value can close the script element.
 */
export function jsonLdText(schema: unknown): string {
  return JSON.stringify(schema, null, 2).replace(/</gu, '\\u003c');
}
