import { findLanguageModel, outputTokenBudget } from '#shared/models';

/** The least room a reply gets, whatever the tool expects: short tools still finish their last sentence. */
export const MIN_REPLY_TOKENS = 1024;

/** How much longer than the tool's expected length a reply may run before it counts as truncated. */
export const REPLY_SLACK_FACTOR = 3;

/**
 * The `max tokens` the engine asks for: room for the reply (the tool's expected length with slack), plus
 * REASONING_TOKEN_HEADROOM for models whose hidden thinking is counted in the same budget, capped at the
 * model's maximum (shared/models.ts `outputTokenBudget`, docs/models.md).
 */
export function replyTokenBudget(modelId: string, expectedTokens: number): number {
  const wanted = Math.max(MIN_REPLY_TOKENS, Math.ceil(expectedTokens * REPLY_SLACK_FACTOR));
  const model = findLanguageModel(modelId);
  return model ? outputTokenBudget(model, wanted) : wanted;
}
