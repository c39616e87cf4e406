/**
 * Text-to-speech APIs take a bounded input (OpenAI: 4096 characters), while a podcast script can be
 * much longer. The script is cut at paragraph, then sentence, then word boundaries so that each piece
 * still reads naturally; the MP3 pieces are joined afterwards (MP3 frames concatenate cleanly).
 */

export function splitForSpeech(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim() !== '') pieces.push(current.trim());
    current = '';
  };
  for (const unit of units(text.trim(), maxChars)) {
    if (current !== '' && current.length + unit.length > maxChars) flush();
    current += unit;
  }
  flush();
  return pieces;
}

/** Paragraphs, or sentences of an over-long paragraph, or words of an over-long sentence. */
function* units(text: string, maxChars: number): Generator<string> {
  for (const paragraph of text.split(/(?<=\n\s*\n)/)) {
    if (paragraph.length <= maxChars) {
      yield paragraph;
      continue;
    }
    for (const sentence of paragraph.split(/(?<=[.!?…])\s+/)) {
      const withSpace = `${sentence} `;
      if (withSpace.length <= maxChars) {
        yield withSpace;
        continue;
      }
      for (const word of sentence.split(/(?<=\s)/)) {
        for (let start = 0; start < word.length; start += maxChars) yield word.slice(start, start + maxChars);
      }
    }
  }
}
