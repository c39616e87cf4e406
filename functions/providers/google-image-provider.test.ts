import { afterEach, describe, expect, it } from 'vitest';
import { aspectRatioFor, createGoogleImageProvider } from './google-image-provider';
import type { ImageGenerationRequest } from './ports';
import {
  type FakeGoogleOptions,
  type FakeGoogleServer,
  googleErrorBody,
  startFakeGoogleServer,
} from './testing/fake-google-server';
import { TINY_PNG } from './testing/fake-http-server';
import { errorFields, failureOf, fastSettings } from './testing/provider-test-kit';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x00]);

const request: ImageGenerationRequest = {
  apiModelId: 'gemini-3.1-flash-image',
  prompt: 'A plumber’s van outside a suburban house',
  size: '800x600',
  quality: 'high',
  outputFormat: 'jpeg',
  count: 3,
};

let server: FakeGoogleServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function google(options: FakeGoogleOptions = {}) {
  server = await startFakeGoogleServer(options);
  return {
    server,
    provider: createGoogleImageProvider({
      apiKey: 'AIza-test',
      baseUrl: server.baseUrl,
      settings: fastSettings(),
    }),
  };
}

describe('Google image adapter against Gemini :generateContent with an image response', () => {
  it('calls the model once per image, with the aspect ratio and resolution chosen', async () => {
    const { provider, server } = await google({ image: JPEG });

    const images = await provider.generateImages(request);

    expect(images).toEqual([
      { data: JPEG, mimeType: 'image/jpeg' },
      { data: JPEG, mimeType: 'image/jpeg' },
      { data: JPEG, mimeType: 'image/jpeg' },
    ]);
    expect(server.requests.map((sent) => sent.url)).toEqual(
      Array(3).fill('/v1beta/models/gemini-3.1-flash-image:generateContent'),
    );
    expect(server.requests[0]?.headers['x-goog-api-key']).toBe('AIza-test');
    expect(server.requests[0]?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'A plumber’s van outside a suburban house' }] }],
      generationConfig: {
        responseModalities: ['IMAGE'],
        imageConfig: { aspectRatio: '4:3', imageSize: '2K' },
      },
    });
  });

  it('leaves the aspect ratio and resolution to the model when they are auto', async () => {
    const { provider, server } = await google();
    const images = await provider.generateImages({ ...request, size: 'auto', quality: 'auto', count: 1 });
    expect(images).toEqual([{ data: TINY_PNG, mimeType: 'image/png' }]);
    expect(server.requests[0]?.body).toMatchObject({ generationConfig: { imageConfig: {} } });
  });

  it('reports a safety stop, or a reply that only talks, as refused', async () => {
    const stopped = await google({ imageRefusal: { finishReason: 'IMAGE_SAFETY' } });
    const safety = await failureOf(stopped.provider.generateImages(request));
    expect(errorFields(safety)).toMatchObject({ provider: 'google', kind: 'refused' });
    expect((safety as Error).message).toContain('IMAGE_SAFETY');
    await server?.close();

    const talking = await google({ imageRefusal: { finishReason: 'STOP', text: 'I cannot draw that.' } });
    const said = await failureOf(talking.provider.generateImages(request));
    expect(errorFields(said)).toMatchObject({ kind: 'refused' });
    expect((said as Error).message).toContain('I cannot draw that.');
  });

  it('maps a rejected key to auth and retries a 503', async () => {
    const { provider, server } = await google({
      replies: [
        { kind: 'error', status: 503, body: googleErrorBody(503, 'UNAVAILABLE', 'overloaded') },
        { kind: 'error', status: 403, body: googleErrorBody(403, 'PERMISSION_DENIED', 'Permission denied.') },
      ],
    });
    const error = await failureOf(provider.generateImages(request));
    expect(errorFields(error)).toMatchObject({ kind: 'auth', status: 403 });
    expect(server.requests).toHaveLength(2);
  });
});

describe('aspectRatioFor', () => {
  it('passes aspect ratios through, maps pixel sizes to the nearest ratio and leaves auto out', () => {
    expect(aspectRatioFor('9:16')).toBe('9:16');
    expect(aspectRatioFor('800x600')).toBe('4:3');
    expect(aspectRatioFor('1024x1024')).toBe('1:1');
    expect(aspectRatioFor('1792x1024')).toBe('16:9');
    expect(aspectRatioFor('1200x627')).toBe('16:9');
    expect(aspectRatioFor('auto')).toBeUndefined();
    expect(aspectRatioFor(undefined)).toBeUndefined();
    expect(aspectRatioFor('huge')).toBeUndefined();
  });
});
