import { describe, expect, it } from 'vitest';
import { createOfflineTextProvider, offlineStreamDelayFromEnv, wordChunks } from './offline-text-provider';
import type { TextGenerationRequest } from './ports';
import { collect } from './testing/provider-test-kit';

const request: TextGenerationRequest = {
  apiModelId: 'claude-sonnet-4-6',
  system: 'You are a newsletter writer.',
  prompt: 'Write about the spring sale.',
  maxOutputTokens: 4000,
};

const composed = '<h1>Spring Sale</h1>\n\n<p>Everything in the garden centre is 20% off this weekend.</p>\n';

describe('offline text provider', () => {
  it('streams the composed text in small word groups that join back exactly', async () => {
    const provider = createOfflineTextProvider(composed, { wordsPerChunk: 3 });
    const result = await collect(provider.streamText(request));
    expect(provider.name).toBe('offline');
    expect(result.text).toBe(composed);
    expect(result.chunks.length).toBeGreaterThan(3);
    expect(result.chunks[0]).toBe('<h1>Spring Sale</h1>\n\n<p>Everything ');
  });

  it('reports usage estimated at four characters per token', async () => {
    const result = await collect(createOfflineTextProvider(composed).streamText(request));
    expect(result.usage).toEqual({
      inputTokens: Math.ceil(request.system.length / 4) + Math.ceil(request.prompt.length / 4),
      outputTokens: Math.ceil(composed.length / 4),
    });
  });

  it('composes lazily, only when the stream starts', async () => {
    let calls = 0;
    const provider = createOfflineTextProvider(async () => {
      calls += 1;
      return 'Composed on demand.';
    });
    expect(calls).toBe(0);
    expect((await collect(provider.streamText(request))).text).toBe('Composed on demand.');
    expect(calls).toBe(1);
  });

  it('pauses between chunks when a delay is set, and stops when the caller aborts', async () => {
    const controller = new AbortController();
    const provider = createOfflineTextProvider('one two three four five six seven eight', {
      wordsPerChunk: 1,
      chunkDelayMs: 5,
    });
    const seen: string[] = [];
    const failure = await (async () => {
      try {
        for await (const event of provider.streamText({ ...request, signal: controller.signal })) {
          if (event.type === 'text') seen.push(event.text);
          if (seen.length === 2) controller.abort(new Error('cancelled'));
        }
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect((failure as Error).message).toBe('cancelled');
    expect(seen).toEqual(['one ', 'two ']);
  });

  it('reads its default delay from OFFLINE_STREAM_DELAY_MS', () => {
    expect(offlineStreamDelayFromEnv({ OFFLINE_STREAM_DELAY_MS: '25' })).toBe(25);
    expect(offlineStreamDelayFromEnv({ OFFLINE_STREAM_DELAY_MS: 'fast' })).toBe(0);
    expect(offlineStreamDelayFromEnv({ OFFLINE_STREAM_DELAY_MS: '-3' })).toBe(0);
    expect(offlineStreamDelayFromEnv({})).toBe(0);
  });
});

describe('wordChunks', () => {
  it('keeps every character, leading and trailing whitespace included', () => {
    for (const text of ['', '   ', '  lead and trail  ', 'a\n\nb\tc', 'single']) {
      expect(wordChunks(text, 2).join('')).toBe(text);
    }
    expect(wordChunks('a b c d e', 2)).toEqual(['a b ', 'c d ', 'e']);
  });
});
