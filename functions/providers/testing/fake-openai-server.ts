import type { ServerResponse } from 'node:http';
import {
  type FakeFailure,
  type RecordedRequest,
  scripted,
  sendEvents,
  sendFailure,
  sendJson,
  startFakeServer,
  TINY_MP3,
  TINY_PNG,
} from './fake-http-server';

/**
 * A stand-in for the OpenAI API (and xAI's, which speaks the same format) on 127.0.0.1: Chat
 * Completions streaming exactly as the real API sends it (`data: {chunk}` events, a final chunk with
 * `finish_reason`, a usage chunk with empty `choices` when `stream_options.include_usage` is set, then
 * `data: [DONE]`), image generation and text-to-speech. Also the "simulated streaming provider" of the
 * benchmarks: `chunkDelayMs` sets the generation speed.
 */

export interface FakeStreamReply {
  readonly kind: 'stream';
  readonly chunks?: readonly string[];
  readonly finishReason?: 'stop' | 'length' | 'content_filter' | null;
  /** `stall`: stop sending after the chunks, keep the connection open. `drop`: cut the connection. */
  readonly end?: 'close' | 'stall' | 'drop';
  /** Sent as the data of one event after the chunks (e.g. malformed JSON, or an in-stream error). */
  readonly extraEvent?: string;
  readonly refusal?: string;
}

export type FakeOpenAiReply = FakeFailure | FakeStreamReply;

export interface FakeOpenAiOptions {
  /** Text of the default streamed reply, one chunk per element. */
  readonly chunks?: readonly string[];
  /** The reply's chunks for this request (e.g. by what its prompt asks for); `chunks` when undefined. */
  readonly chunksFor?: (request: RecordedRequest) => readonly string[] | undefined;
  /** Pause between two streamed chunks. */
  readonly chunkDelayMs?: number;
  /**
   * Pause between the stream's opening event (the assistant role, no text) and the first text chunk,
   * as a real model's time to first token; `onFirstToken` is called as that chunk is written.
   */
  readonly firstTokenDelayMs?: number;
  readonly onFirstToken?: () => void;
  readonly usage?: {
    readonly promptTokens: number;
    readonly completionTokens: number;
    /** Reported in `completion_tokens_details`; part of `completionTokens` as OpenAI counts it. */
    readonly reasoningTokens?: number;
    /**
     * Reasoning counted outside `completion_tokens` (total = prompt + completion + reasoning), as some
     * OpenAI-compatible servers count it.
     */
    readonly reasoningOutsideCompletion?: boolean;
  };
  /** Replies to the first requests, in order; later requests get the default success reply. */
  readonly replies?: readonly FakeOpenAiReply[];
  /** Bytes of every generated image (default: a 1×1 PNG). */
  readonly image?: Uint8Array;
  /** How images come back: base64 in the JSON (default) or as URLs served by this server. */
  readonly imageDelivery?: 'b64_json' | 'url';
  readonly speech?: Uint8Array;
  /** false: ignore `stream_options.include_usage`, as some OpenAI-compatible servers do. */
  readonly sendUsage?: boolean;
  /** Awaited before a chat completion is answered: lets a test hold replies (e.g. until N requests are in). */
  readonly beforeReply?: (request: RecordedRequest) => Promise<void>;
  /** Awaited before an image or speech request is answered: lets a test hold a media call in flight. */
  readonly beforeMediaReply?: (request: RecordedRequest) => Promise<void>;
}

export interface FakeOpenAiServer {
  /** Pass as the SDK's baseURL: `http://127.0.0.1:PORT/v1`. */
  readonly baseUrl: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

export const DEFAULT_FAKE_CHUNKS = ['Hello', ' from', ' the', ' fake', ' provider.'] as const;

/** OpenAI's error body: `{ error: { message, type, param, code } }`. */
export function openAiErrorBody(message: string, type: string, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}

export async function startFakeOpenAiServer(options: FakeOpenAiOptions = {}): Promise<FakeOpenAiServer> {
  const server = await startFakeServer(async (request, response) => {
    const reply = scripted(options.replies, request);
    if (reply && sendFailure(response, reply)) return;
    const path = request.url.split('?')[0];
    if (request.method === 'POST' && path === '/v1/chat/completions') {
      await options.beforeReply?.(request);
      await chatCompletion(request, response, options, reply?.kind === 'stream' ? reply : undefined);
    } else if (request.method === 'POST' && path === '/v1/images/generations') {
      await options.beforeMediaReply?.(request);
      images(request, response, options, server.origin);
    } else if (request.method === 'GET' && path?.startsWith('/files/image-')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(options.image ?? TINY_PNG);
    } else if (request.method === 'POST' && path === '/v1/audio/speech') {
      await options.beforeMediaReply?.(request);
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.end(options.speech ?? TINY_MP3);
    } else {
      sendJson(
        response,
        404,
        openAiErrorBody(`Unknown request URL: ${request.method} ${path}`, 'invalid_request_error'),
      );
    }
  });
  return { baseUrl: `${server.origin}/v1`, requests: server.requests, close: server.close };
}

interface ChatBody {
  readonly model?: string;
  readonly stream?: boolean;
  readonly stream_options?: { readonly include_usage?: boolean };
}

const chunkEvent = (model: string, choices: unknown[], usage: unknown = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    system_fingerprint: 'fp_fake',
    choices,
    usage,
  })}\n\n`;

const delta = (content: Record<string, unknown>, finishReason: string | null = null) => ({
  index: 0,
  delta: content,
  logprobs: null,
  finish_reason: finishReason,
});

async function chatCompletion(
  request: RecordedRequest,
  response: ServerResponse,
  options: FakeOpenAiOptions,
  reply: FakeStreamReply | undefined,
): Promise<void> {
  const body = (request.body ?? {}) as ChatBody;
  const model = body.model ?? 'gpt-4o';
  const chunks = reply?.chunks ?? options.chunksFor?.(request) ?? options.chunks ?? DEFAULT_FAKE_CHUNKS;
  const text = chunks.join('');
  const reasoning = options.usage?.reasoningTokens ?? 0;
  const counted = {
    prompt_tokens: options.usage?.promptTokens ?? Math.ceil(request.bodyText.length / 4),
    completion_tokens: options.usage?.completionTokens ?? Math.ceil(text.length / 4),
  };
  const usage = {
    ...counted,
    ...(reasoning > 0 ? { completion_tokens_details: { reasoning_tokens: reasoning } } : {}),
  };
  const totalTokens =
    counted.prompt_tokens +
    counted.completion_tokens +
    (options.usage?.reasoningOutsideCompletion ? reasoning : 0);
  if (!body.stream) {
    sendJson(response, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: totalTokens },
    });
    return;
  }
  const withUsage = body.stream_options?.include_usage === true && options.sendUsage !== false;
  const perChunkUsage = withUsage ? null : undefined;
  const events = [
    chunkEvent(model, [delta({ role: 'assistant', content: '', refusal: null })], perChunkUsage),
  ];
  if (reply?.refusal) events.push(chunkEvent(model, [delta({ refusal: reply.refusal })], perChunkUsage));
  for (const chunk of chunks) events.push(chunkEvent(model, [delta({ content: chunk })], perChunkUsage));
  if (reply?.extraEvent !== undefined) events.push(`data: ${reply.extraEvent}\n\n`);
  const finishReason = reply?.finishReason === undefined ? 'stop' : reply.finishReason;
  if (finishReason !== null) events.push(chunkEvent(model, [delta({}, finishReason)], perChunkUsage));
  if (reply?.end !== 'stall' && reply?.end !== 'drop') {
    if (withUsage) {
      events.push(chunkEvent(model, [], { ...usage, total_tokens: totalTokens }));
    }
    events.push('data: [DONE]\n\n');
  }
  // The first text chunk follows the role event (and the refusal, if any).
  const firstTextIndex = reply?.refusal ? 2 : 1;
  await sendEvents(response, events, {
    delayMs: options.chunkDelayMs ?? 0,
    firstEventDelayMs: options.firstTokenDelayMs,
    onWrite: (index) => {
      if (index === firstTextIndex && chunks.length > 0) options.onFirstToken?.();
    },
    end: reply?.end ?? 'close',
  });
}

interface ImageBody {
  readonly n?: number;
  readonly model?: string;
  readonly size?: string;
  readonly quality?: string;
}

function images(
  request: RecordedRequest,
  response: ServerResponse,
  options: FakeOpenAiOptions,
  origin: string,
): void {
  const body = (request.body ?? {}) as ImageBody;
  const count = Math.max(1, body.n ?? 1);
  const image = Buffer.from(options.image ?? TINY_PNG).toString('base64');
  const data = Array.from({ length: count }, (_, index) =>
    options.imageDelivery === 'url'
      ? { url: `${origin}/files/image-${request.index}-${index}.png`, revised_prompt: null }
      : { b64_json: image, revised_prompt: null },
  );
  // gpt-image replies say which size and quality were made (the model picks them for `auto`).
  const made = body.model?.startsWith('gpt-image')
    ? {
        size: body.size && body.size !== 'auto' ? body.size : '1024x1024',
        quality: body.quality && body.quality !== 'auto' ? body.quality : 'medium',
        output_format: 'png',
      }
    : {};
  sendJson(response, 200, { created: 1_700_000_000, data, ...made });
}
