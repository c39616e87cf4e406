import { setTimeout as delay } from 'node:timers/promises';
import type { TextProvider, TextStreamEvent } from './ports';
import { estimateTokens } from './token-estimate';

/**
 * The Offline provider: streams the text a tool's deterministic offline composer produced, a few words
 * per event, like a model would. The engine treats it like any other provider (progress, partial text,
 * usage), so a local run without keys shows the same live generation as one with keys.
 */

export const OFFLINE_STREAM_DELAY_ENV = 'OFFLINE_STREAM_DELAY_MS';

export interface OfflineTextOptions {
  /** Pause after each chunk; defaults to OFFLINE_STREAM_DELAY_MS (the local runtime sets a small one), else 0. */
  readonly chunkDelayMs?: number;
  /** Words per streamed chunk. */
  readonly wordsPerChunk?: number;
}

/** The composed text itself, or a function that composes it when the stream starts. */
export type OfflineTextSource = string | (() => string | Promise<string>);

const DEFAULT_WORDS_PER_CHUNK = 3;

export function offlineStreamDelayFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[OFFLINE_STREAM_DELAY_ENV]);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function createOfflineTextProvider(
  source: OfflineTextSource,
  options: OfflineTextOptions = {},
): TextProvider {
  const chunkDelayMs = options.chunkDelayMs ?? offlineStreamDelayFromEnv();
  const wordsPerChunk = Math.max(1, Math.floor(options.wordsPerChunk ?? DEFAULT_WORDS_PER_CHUNK));
  return {
    name: 'offline',
    async *streamText(request): AsyncGenerator<TextStreamEvent> {
      request.signal?.throwIfAborted();
      const text = typeof source === 'string' ? source : await source();
      for (const chunk of wordChunks(text, wordsPerChunk)) {
        request.signal?.throwIfAborted();
        yield { type: 'text', text: chunk };
        if (chunkDelayMs > 0) {
          await delay(chunkDelayMs, undefined, { signal: request.signal }).catch((error: unknown) => {
            // The caller's own reason, as every other provider rethrows it.
            request.signal?.throwIfAborted();
            throw error;
          });
        }
      }
      yield {
        type: 'usage',
        inputTokens: estimateTokens(request.system) + estimateTokens(request.prompt),
        outputTokens: estimateTokens(text),
      };
    },
  };
}

/** Groups of `size` words, each with the whitespace that follows it, so the chunks join back exactly. */
export function wordChunks(text: string, size: number): string[] {
  const tokens = text.match(/\s*\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let start = 0; start < tokens.length; start += size)
    chunks.push(tokens.slice(start, start + size).join(''));
  return chunks;
}
