import { countWords, htmlToText } from '#shared/text';
import type { PressReleaseResult } from '#shared/tools/press-release';
import { htmlFromReply } from '../compose/reply-html';

export function parsePressReleaseResult(raw: string): PressReleaseResult {
  const generatedHtml = htmlFromReply(raw);
  const generatedText = htmlToText(generatedHtml);
  return { generatedHtml, generatedText, wordCount: countWords(generatedText) };
}
