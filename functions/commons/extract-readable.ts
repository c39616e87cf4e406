import { isProbablyReaderable, Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** A source page's readable text, as the tools get it (functions/generation/tool-definition.ts). */
export interface ExtractedSource {
  readonly url: string;
  readonly title: string;
  /** Readable text, paragraphs separated by blank lines. */
  readonly text: string;
  readonly siteName: string | null;
}

/**
 * Turns a fetched web page into the text a prompt or the offline composer can use: Mozilla's
 * Readability finds the article (dropping navigation, sidebars, ads and footers); pages that are not
 * articles, such as a business's home page, fall back to the body without its chrome.
 */

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** The slice of the DOM this module reads; linkedom's nodes provide it (the tsconfig has no DOM lib). */
interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<DomNode>;
}

interface DomElement extends DomNode {
  getAttribute(name: string): string | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  remove(): void;
}

interface DomDocument {
  readonly title: string;
  readonly body: DomElement | null;
  querySelector(selectors: string): DomElement | null;
}

/** Elements that start and end a paragraph of their own. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

/** Elements whose text is never page content. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'select',
  'button',
  'input',
  'textarea',
]);

/** Page chrome removed before reading a body that Readability could not make an article of. */
const CHROME_SELECTORS = [
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'dialog',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[aria-hidden="true"]',
  '[hidden]',
].join(',');

const LINE_BREAK = '\u2028';

/** Readable text of `root`: one paragraph per block, headings and list items on their own, blank lines between. */
function paragraphsOf(root: DomNode): string[] {
  const paragraphs: string[] = [];
  let current = '';

  const flush = () => {
    const lines = current
      .split(LINE_BREAK)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line.length > 0);
    if (lines.length > 0) paragraphs.push(lines.join('\n'));
    current = '';
  };

  const walk = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) {
      current += node.nodeValue ?? '';
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const name = node.nodeName.toLowerCase();
    if (SKIPPED.has(name)) return;
    if (name === 'br') {
      current += LINE_BREAK;
      return;
    }
    if (name === 'pre') {
      flush();
      const text = (node.textContent ?? '').replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '');
      if (text.trim().length > 0) paragraphs.push(text);
      return;
    }
    const block = BLOCKS.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
    // Table cells sit side by side; keep their words apart.
    else if (name === 'td' || name === 'th') current += ' ';
  };

  walk(root);
  flush();
  return paragraphs;
}

function parseDocument(html: string): DomDocument {
  // linkedom only builds a <body> inside an <html> element; give fragments a document to live in.
  const wrapped = /<html[\s>]/i.test(html)
    ? html
    : /<(body|head)[\s>]/i.test(html)
      ? `<!DOCTYPE html><html>${html}</html>`
      : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  const { document } = parseHTML(wrapped);
  return document;
}

function meta(document: DomDocument, ...selectors: string[]): string | null {
  for (const selector of selectors) {
    const content = document.querySelector(selector)?.getAttribute('content')?.trim();
    if (content) return content;
  }
  return null;
}

function singleLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** "How to fix a tap | Smith Plumbing" → "How to fix a tap" when Smith Plumbing is the site. */
function withoutSiteName(title: string, siteName: string | null): string {
  if (siteName === null) return title;
  const escaped = siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const stripped = title.replace(new RegExp(`\\s*[|\\-–—·:»/]\\s*${escaped}$`, 'i'), '').trim();
  return stripped.length > 0 ? stripped : title;
}

function fallbackTitle(document: DomDocument, url: string): string {
  const candidates = [
    singleLine(document.title),
    meta(document, 'meta[property="og:title"]', 'meta[name="twitter:title"]') ?? '',
    singleLine(document.querySelector('h1')?.textContent),
  ];
  const found = candidates.find((candidate) => candidate.length > 0);
  if (found !== undefined) return found;
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function bodyParagraphs(document: DomDocument): string[] {
  const body = document.body;
  if (body === null) return [];
  const full = paragraphsOf(body);
  for (const chrome of Array.from(body.querySelectorAll(CHROME_SELECTORS))) chrome.remove();
  const content = paragraphsOf(body);
  // A page that is all header and footer still has something to say.
  return content.length > 0 ? content : full;
}

/** Title, readable text and site name of the page at `url` whose HTML is `html`. */
export function extractReadable(html: string, url: string): ExtractedSource {
  // Readability rewrites the document it reads, so it gets its own copy.
  const reference = parseDocument(html);
  const readerable = isProbablyReaderable(reference);
  const article = new Readability(parseDocument(html), {
    serializer: (node: DomNode) => node,
  }).parse();

  const siteName =
    singleLine(article?.siteName) ||
    meta(reference, 'meta[property="og:site_name"]', 'meta[name="application-name"]') ||
    null;
  const title = singleLine(article?.title) || fallbackTitle(reference, url);
  const articleParagraphs = article?.content ? paragraphsOf(article.content) : [];
  // Last: it strips the page chrome out of `reference`.
  const bodyText = bodyParagraphs(reference);
  // On a page that is not an article Readability hands back most of the body, header and menus included.
  const useArticle = articleParagraphs.length > 0 && (readerable || bodyText.length === 0);

  return {
    url,
    title: withoutSiteName(title, siteName),
    text: (useArticle ? articleParagraphs : bodyText).join('\n\n'),
    siteName,
  };
}
