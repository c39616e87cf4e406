import { countWords, htmlToText } from '#shared/text';
import type { ClientContentRequest, ClientContentResult } from '#shared/tools/client-content';
import { titleCase } from '../compose/keywords';
import { htmlFromReply } from '../compose/reply-html';

/**
 * The post's title is its first <h1> (how the model is asked to write it); the content is the rest,
 * ready for WordPress, which shows the title itself. Without an <h1> the first heading serves, and
 * without any heading the topic.
 */
export function parseClientContentResult(raw: string, input: ClientContentRequest): ClientContentResult {
  const html = htmlFromReply(raw);
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/iu.exec(html) ?? /<h2\b[^>]*>([\s\S]*?)<\/h2>/iu.exec(html);
  const title = heading ? htmlToText(heading[1] ?? '') : '';
  const content = heading && /^<h1/iu.test(heading[0]) ? html.replace(heading[0], '').trim() : html;
  return {
    content,
    title: title === '' ? titleCase(input.topic.trim()) : title,
    wordCount: countWords(htmlToText(content)),
  };
}
