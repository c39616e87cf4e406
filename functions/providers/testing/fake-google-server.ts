import type { ServerResponse } from 'node:http';
import {
  type FakeFailure,
  type RecordedRequest,
  scripted,
  sendEvents,
  sendFailure,
  sendJson,
  startFakeServer,
  TINY_PNG,
} from './fake-http-server';

/**
 * A stand-in for the Gemini API on 127.0.0.1: `models/{model}:streamGenerateContent?alt=sse` (SSE
 * `data:` events separated by CRLF pairs, as Google sends them; usage metadata and finishReason on the
 * last chunk) and `:generateContent` for Gemini image models (inlineData parts). Errors use Google's
 * `{ error: { code, message, status, details } }`.
 */

export interface FakeGeminiStream {
  readonly kind: 'stream';
  readonly chunks?: readonly string[];
  readonly finishReason?: string;
  readonly blockReason?: string;
  readonly end?: 'close' | 'stall' | 'drop';
  /** Raw data of one extra event after the text chunks (malformed JSON, an error object). */
  readonly extraData?: string;
}

export type FakeGoogleReply = FakeFailure | FakeGeminiStream;

export interface FakeGoogleOptions {
  readonly chunks?: readonly string[];
  readonly chunkDelayMs?: number;
  readonly usage?: {
    readonly promptTokens: number;
    readonly candidatesTokens: number;
    readonly thoughtsTokens?: number;
  };
  readonly replies?: readonly FakeGoogleReply[];
  readonly image?: Uint8Array;
  /** Gemini image: answer without an image, with this finish reason and text (a safety refusal). */
  readonly imageRefusal?: { readonly finishReason: string; readonly text?: string };
}

export interface FakeGoogleServer {
  /** Pass as `httpOptions.baseUrl`; the SDK adds `/v1beta/models/...`. */
  readonly baseUrl: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/** Google's error body; `retryDelay` adds a google.rpc.RetryInfo detail, `reason` an ErrorInfo detail. */
export function googleErrorBody(
  code: number,
  status: string,
  message: string,
  extra: { readonly retryDelay?: string; readonly reason?: string } = {},
) {
  const details: unknown[] = [];
  if (extra.reason) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: extra.reason,
      domain: 'googleapis.com',
    });
  }
  if (extra.retryDelay) {
    details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: extra.retryDelay });
  }
  return { error: { code, message, status, ...(details.length > 0 ? { details } : {}) } };
}

const MODEL_PATH = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)(\?.*)?$/;

export async function startFakeGoogleServer(options: FakeGoogleOptions = {}): Promise<FakeGoogleServer> {
  const server = await startFakeServer(async (request, response) => {
    const reply = scripted(options.replies, request);
    if (reply && sendFailure(response, reply)) return;
    const match = MODEL_PATH.exec(request.url);
    const stream = reply?.kind === 'stream' ? reply : undefined;
    if (request.method === 'POST' && match?.[2] === 'streamGenerateContent') {
      await streamText(request, response, options, match[1] ?? '', stream);
    } else if (request.method === 'POST' && match?.[2] === 'generateContent') {
      geminiImage(response, options, match[1] ?? '');
    } else {
      sendJson(response, 404, googleErrorBody(404, 'NOT_FOUND', `Unknown path ${request.url}`));
    }
  });
  return { baseUrl: server.origin, requests: server.requests, close: server.close };
}

const data = (payload: unknown) =>
  `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\r\n\r\n`;

async function streamText(
  request: RecordedRequest,
  response: ServerResponse,
  options: FakeGoogleOptions,
  model: string,
  reply: FakeGeminiStream | undefined,
): Promise<void> {
  const chunks = reply?.chunks ?? options.chunks ?? ['Hello', ' from', ' Gemini.'];
  const usageMetadata = {
    promptTokenCount: options.usage?.promptTokens ?? Math.ceil(request.bodyText.length / 4),
    candidatesTokenCount: options.usage?.candidatesTokens ?? Math.ceil(chunks.join('').length / 4),
    ...(options.usage?.thoughtsTokens ? { thoughtsTokenCount: options.usage.thoughtsTokens } : {}),
  };
  const last = chunks.length - 1;
  const complete = reply?.end !== 'stall' && reply?.end !== 'drop';
  const events = reply?.blockReason
    ? [data({ promptFeedback: { blockReason: reply.blockReason }, usageMetadata, modelVersion: model })]
    : chunks.map((text, index) => {
        const final = complete && index === last && reply?.extraData === undefined;
        return data({
          candidates: [
            {
              content: { parts: [{ text }], role: 'model' },
              index: 0,
              ...(final ? { finishReason: reply?.finishReason ?? 'STOP' } : {}),
            },
          ],
          usageMetadata: final
            ? {
                ...usageMetadata,
                totalTokenCount: usageMetadata.promptTokenCount + usageMetadata.candidatesTokenCount,
              }
            : { promptTokenCount: usageMetadata.promptTokenCount },
          modelVersion: model,
          responseId: 'fake-response',
        });
      });
  if (reply?.extraData !== undefined) {
    events.push(data(reply.extraData));
    if (complete)
      events.push(
        data({
          candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
          usageMetadata,
        }),
      );
  }
  await sendEvents(response, events, { delayMs: options.chunkDelayMs ?? 0, end: reply?.end ?? 'close' });
}

function geminiImage(response: ServerResponse, options: FakeGoogleOptions, model: string): void {
  const refusal = options.imageRefusal;
  const parts = refusal
    ? refusal.text
      ? [{ text: refusal.text }]
      : []
    : [
        { text: 'Here is your image.' },
        {
          inlineData: {
            mimeType: 'image/png',
            data: Buffer.from(options.image ?? TINY_PNG).toString('base64'),
          },
        },
      ];
  sendJson(response, 200, {
    candidates: [
      {
        content: { parts, role: 'model' },
        finishReason: refusal?.finishReason ?? 'STOP',
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1290, totalTokenCount: 1300 },
    modelVersion: model,
  });
}
