import { hostOf } from '../compose/phrasing';

/**
 * What the client's own site may contribute to its content: sentences that do not name another
 * business (default content instructions: "no outside businesses"), and the page to send readers to.
 */

const COMPANY_SUFFIX =
  /\b((?:[A-Z][\w&'’-]*\s+){1,4})(?:Inc|LLC|L\.L\.C|Ltd|Co|Corp|Corporation|Company|Group|Partners)\b\.?/gu;
const DOMAIN = /\b((?:[a-z0-9-]+\.)+(?:com|net|org|io|co|us|biz|info))\b/giu;

const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim();

/**
 * True when a sentence names a business that is not the client: a capitalized name with a company
 * suffix ("Acme Supply Co."), or a web address on another host. Plain brand names without a suffix
 * cannot be told apart from ordinary capitalized words, so they pass.
 */
export function namesOutsideBusiness(
  sentence: string,
  ownNames: readonly string[],
  ownHost: string,
): boolean {
  const own = ownNames.map(normalise).filter((name) => name !== '');
  for (const match of sentence.matchAll(COMPANY_SUFFIX)) {
    const name = normalise(match[0]);
    if (!own.some((ownName) => name.includes(ownName) || ownName.includes(normalise(match[1] ?? ''))))
      return true;
  }
  for (const match of sentence.matchAll(DOMAIN)) {
    const host = (match[1] ?? '').toLowerCase().replace(/^www\./u, '');
    if (host !== ownHost && !host.endsWith(`.${ownHost}`)) return true;
  }
  return false;
}

/**
 * The client's contact page: a contact address on the client's own host found in the site text,
 * else `{origin}/contact`, the path most small-business sites use.
 */
export function contactPageUrl(clientUrl: string, siteText: string): string {
  const origin = new URL(clientUrl).origin;
  const host = hostOf(clientUrl);
  for (const match of siteText.matchAll(/https?:\/\/[^\s"'<>)]+/giu)) {
    try {
      const url = new URL(match[0].replace(/[.,;:!?]+$/u, ''));
      if (hostOf(url.href) === host && /contact/iu.test(url.pathname)) return url.href;
    } catch {
      // Not a URL after all; keep looking.
    }
  }
  return `${origin}/contact`;
}
