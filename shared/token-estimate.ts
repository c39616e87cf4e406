/**
 * Rough token count where no provider counted: about four characters per token for English text. The
 * one rule for every estimate: a job's before it runs (usage-estimate.ts), the offline composer's
 * usage, and a provider call cut off by a crash (functions/generation/run-job.ts).
 */
export function estimateTokens(text: string | number): number {
  const characters = typeof text === 'number' ? text : text.length;
  return Math.ceil(characters / 4);
}
