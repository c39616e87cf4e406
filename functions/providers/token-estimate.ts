/** Rough token count where no provider counted: about four characters per token for English text. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
