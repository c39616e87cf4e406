import { countWords, htmlToText } from '#shared/text';
import type { NewsletterResult } from '#shared/tools/newsletter';
import { htmlFromReply } from '../compose/reply-html';

export function parseNewsletterResult(raw: string): NewsletterResult {
  const generatedHtml = htmlFromReply(raw);
  return { generatedHtml, wordCount: countWords(htmlToText(generatedHtml)) };
}
