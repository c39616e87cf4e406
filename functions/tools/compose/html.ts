/** Building HTML from plain text in the offline composers: every inserted value is escaped here. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/"/gu, '&quot;')
    .replace(/'/gu, '&#39;');
}

/** `<tag style="...">escaped text</tag>`; `style` is omitted when empty. */
export function element(tag: string, text: string, style = ''): string {
  return `<${tag}${style === '' ? '' : ` style="${escapeHtml(style)}"`}>${escapeHtml(text)}</${tag}>`;
}

/** Like `element`, for content that is already HTML (built from escaped parts). */
export function wrap(tag: string, innerHtml: string, style = ''): string {
  return `<${tag}${style === '' ? '' : ` style="${escapeHtml(style)}"`}>${innerHtml}</${tag}>`;
}

export function link(href: string, text: string, style = ''): string {
  return `<a href="${escapeHtml(href)}"${style === '' ? '' : ` style="${escapeHtml(style)}"`}>${escapeHtml(text)}</a>`;
}

export function list(items: readonly string[], ordered = false, style = '', itemStyle = ''): string {
  const tag = ordered ? 'ol' : 'ul';
  return wrap(tag, items.map((item) => element('li', item, itemStyle)).join(''), style);
}

/** A phone number as a tel: link target (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/gu, '')}`;
}
