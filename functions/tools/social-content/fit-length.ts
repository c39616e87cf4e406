import { platformLength, SOCIAL_PLATFORMS, type SocialPlatformId } from '#shared/platforms';

/**
 * Length arithmetic for social posts, measured the way each platform counts (X: URLs are 23). The
 * composer assembles whole sentences up to a target; the parser holds any text, the model's too, to the
 * platform's maximum.
 */

export interface PostParts {
  /** Whole sentences in the order they should appear; used at most once each. */
  readonly sentences: readonly string[];
  /** Short whole sentences (the shortest about 7 characters) that close the last gap to the target. */
  readonly closers: readonly string[];
  /** Call to action and hashtags, after a blank line; '' for none. */
  readonly tail: string;
}

const SENTENCES_PER_PARAGRAPH = 3;
const PARAGRAPH_BREAK = '\n\n';

/**
 * Whole sentences, in order, while the post stays at or under `target`; then the longest short closing
 * sentences that still fit, which leave a gap smaller than the shortest of them. Never longer than the target. Lengths add up (a URL never
 * spans a separator), so the post is measured piece by piece rather than re-joined for every sentence.
 */
export function assembleToTarget(platform: SocialPlatformId, target: number, parts: PostParts): string {
  const measure = (text: string) => platformLength(platform, text);
  const tailLength = parts.tail === '' ? 0 : measure(parts.tail);
  const chosen: string[] = [];
  let bodyLength = 0;
  const separatorBefore = (index: number) =>
    index === 0 ? 0 : index % SENTENCES_PER_PARAGRAPH === 0 ? PARAGRAPH_BREAK.length : 1;
  const total = (body: number, count: number) =>
    body + (tailLength === 0 ? 0 : count === 0 ? tailLength : tailLength + PARAGRAPH_BREAK.length);
  const lengthWith = (sentence: string) =>
    total(bodyLength + separatorBefore(chosen.length) + measure(sentence), chosen.length + 1);

  for (const sentence of parts.sentences) {
    if (target - total(bodyLength, chosen.length) < 4) break;
    if (lengthWith(sentence) <= target) {
      bodyLength += separatorBefore(chosen.length) + measure(sentence);
      chosen.push(sentence);
    }
  }
  const byLength = [...parts.closers].sort((a, b) => measure(b) - measure(a));
  for (const closer of byLength) {
    if (target - total(bodyLength, chosen.length) <= 4) break;
    if (chosen.includes(closer) || lengthWith(closer) > target) continue;
    bodyLength += separatorBefore(chosen.length) + measure(closer);
    chosen.push(closer);
  }

  const paragraphs: string[] = [];
  for (let index = 0; index < chosen.length; index += SENTENCES_PER_PARAGRAPH) {
    paragraphs.push(chosen.slice(index, index + SENTENCES_PER_PARAGRAPH).join(' '));
  }
  if (parts.tail !== '') paragraphs.push(parts.tail);
  return paragraphs.join(PARAGRAPH_BREAK);
}

/**
 * The post held to the platform's maximum: whole trailing sentences (then words) are dropped until it
 * fits, so a model that overshoots still gives a post the platform accepts.
 */
export function fitToMaximum(platform: SocialPlatformId, text: string): string {
  const max = SOCIAL_PLATFORMS[platform].maxLength;
  let current = text.trim();
  if (platformLength(platform, current) <= max) return current;
  const sentences = current.match(/[^.!?\n]+[.!?]*\s*/gu) ?? [current];
  while (sentences.length > 1 && platformLength(platform, sentences.join('').trim()) > max) sentences.pop();
  current = sentences.join('').trim();
  while (platformLength(platform, current) > max) {
    const cut = current.lastIndexOf(' ');
    current = cut > 0 ? current.slice(0, cut) : Array.from(current).slice(0, max).join('');
  }
  return current;
}
