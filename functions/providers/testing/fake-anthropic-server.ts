import type { ServerResponse } from 'node:http';
import {
  type FakeFailure,
  type RecordedRequest,
  scripted,
  sendEvents,
  sendFailure,
  sendJson,
  startFakeServer,
} from './fake-http-server';

/**
 * A stand-in for the Anthropic Messages API on 127.0.0.1, streaming exactly as the real API does:
 * `event: message_start` (input usage), `content_block_start`, `ping`, `content_block_delta`
 * (text_delta), `content_block_stop`, `message_delta` (stop_reason, output usage), `message_stop`.
 */

export interface FakeAnthropicStream {
  readonly kind: 'stream';
  readonly chunks?: readonly string[];
  readonly stopReason?: 'end_turn' | 'max_tokens' | 'refusal';
  /** `stall`: stop after the text deltas and keep the connection open; `drop`: cut it. */
  readonly end?: 'close' | 'stall' | 'drop';
  /** An extra raw SSE event after the text deltas (an `event: error`, or malformed data). */
  readonly extraEvent?: string;
}

export type FakeAnthropicReply = FakeFailure | FakeAnthropicStream;

export interface FakeAnthropicOptions {
  readonly chunks?: readonly string[];
  readonly chunkDelayMs?: number;
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number };
  readonly replies?: readonly FakeAnthropicReply[];
}

export interface FakeAnthropicServer {
  /** Pass as the SDK's baseURL (the SDK adds `/v1/messages`). */
  readonly baseUrl: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/** Anthropic's error body: `{ type: "error", error: { type, message } }`. */
export function anthropicErrorBody(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export async function startFakeAnthropicServer(
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropicServer> {
  const server = await startFakeServer(async (request, response) => {
    const reply = scripted(options.replies, request);
    if (reply && sendFailure(response, reply)) return;
    if (request.method === 'POST' && request.url === '/v1/messages') {
      await messages(request, response, options, reply?.kind === 'stream' ? reply : undefined);
    } else {
      sendJson(response, 404, anthropicErrorBody('not_found_error', `Not found: ${request.url}`));
    }
  });
  return { baseUrl: server.origin, requests: server.requests, close: server.close };
}

async function messages(
  request: RecordedRequest,
  response: ServerResponse,
  options: FakeAnthropicOptions,
  reply: FakeAnthropicStream | undefined,
): Promise<void> {
  const model = ((request.body ?? {}) as { model?: string }).model ?? 'claude-sonnet-4-20250514';
  const chunks = reply?.chunks ?? options.chunks ?? ['Hello', ' from', ' Claude.'];
  const inputTokens = options.usage?.inputTokens ?? Math.ceil(request.bodyText.length / 4);
  const outputTokens = options.usage?.outputTokens ?? Math.ceil(chunks.join('').length / 4);
  const events = [
    event('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        content: [],
        model,
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: inputTokens,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: 1,
        },
      },
    }),
    event('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    }),
    event('ping', { type: 'ping' }),
    ...chunks.map((text) =>
      event('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      }),
    ),
  ];
  if (reply?.extraEvent !== undefined) events.push(reply.extraEvent);
  if (reply?.end !== 'stall' && reply?.end !== 'drop') {
    events.push(
      event('content_block_stop', { type: 'content_block_stop', index: 0 }),
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: reply?.stopReason ?? 'end_turn', stop_sequence: null },
        usage: { output_tokens: outputTokens },
      }),
      event('message_stop', { type: 'message_stop' }),
    );
  }
  await sendEvents(response, events, {
    delayMs: options.chunkDelayMs ?? 0,
    end: reply?.end ?? 'close',
    headers: { 'request-id': `req_fake_${request.index}` },
  });
}
