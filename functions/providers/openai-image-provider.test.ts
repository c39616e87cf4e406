import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiImageProvider } from './openai-image-provider';
import type { ImageGenerationRequest } from './ports';
import { TINY_PNG } from './testing/fake-http-server';
import {
  type FakeOpenAiOptions,
  type FakeOpenAiServer,
  openAiErrorBody,
  startFakeOpenAiServer,
} from './testing/fake-openai-server';
import { errorFields, failureOf, fastSettings } from './testing/provider-test-kit';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

const request: ImageGenerationRequest = {
  apiModelId: 'gpt-image-2',
  prompt: 'A bakery storefront at dawn',
  size: '1536x1024',
  quality: 'high',
  outputFormat: 'jpeg',
  compression: 85,
  count: 2,
};

let server: FakeOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function imageProvider(options: FakeOpenAiOptions = {}, provider: 'openai' | 'xai' = 'openai') {
  server = await startFakeOpenAiServer(options);
  return {
    server,
    provider: createOpenAiImageProvider({
      provider,
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      officialApi: true,
      settings: fastSettings(),
    }),
  };
}

describe('OpenAI image adapter against /images/generations', () => {
  it('generates gpt-image images with size, quality, format and compression', async () => {
    const { provider, server } = await imageProvider({ image: JPEG });

    const images = await provider.generateImages(request);

    expect(images).toHaveLength(2);
    // gpt-image says which size and quality it made: the usage record prices those
    // (docs/decisions.md, "Usage, cost, budgets and bulk runs").
    expect(images[0]).toEqual({ data: JPEG, mimeType: 'image/jpeg', size: '1536x1024', quality: 'high' });
    expect(server.requests[0]?.url).toBe('/v1/images/generations');
    expect(server.requests[0]?.body).toEqual({
      model: 'gpt-image-2',
      prompt: 'A bakery storefront at dawn',
      n: 2,
      size: '1536x1024',
      quality: 'high',
      output_format: 'jpeg',
      output_compression: 85,
    });
  });

  it('leaves out auto size and quality, and compression for png', async () => {
    const { provider, server } = await imageProvider();
    const [image] = await provider.generateImages({
      ...request,
      size: 'auto',
      quality: 'auto',
      outputFormat: 'png',
      count: 1,
    });
    // What `auto` came out as, as the reply says: what the job is billed for.
    expect(image).toMatchObject({ size: '1024x1024', quality: 'medium' });
    expect(server.requests[0]?.body).toEqual({
      model: 'gpt-image-2',
      prompt: 'A bakery storefront at dawn',
      n: 1,
      output_format: 'png',
    });
  });

  it("translates DALL·E sizes and qualities for gpt-image (the spec's DALL·E entries run on it)", async () => {
    const { provider, server } = await imageProvider();
    await provider.generateImages({
      ...request,
      size: '1792x1024',
      quality: 'hd',
      outputFormat: 'png',
      count: 1,
    });
    await provider.generateImages({
      ...request,
      size: '1024x1792',
      quality: 'standard',
      outputFormat: 'png',
      count: 1,
    });
    await provider.generateImages({
      ...request,
      size: '512x512',
      quality: 'standard',
      outputFormat: 'png',
      count: 4,
    });
    expect(server.requests.map((sent) => sent.body)).toMatchObject([
      { size: '1536x1024', quality: 'high' },
      { size: '1024x1536', quality: 'medium' },
      { size: '1024x1024', quality: 'medium', n: 4 },
    ]);
  });

  it('asks DALL·E 3 on an OpenAI-compatible server for one base64 image with its quality', async () => {
    const { provider, server } = await imageProvider();
    const images = await provider.generateImages({
      ...request,
      apiModelId: 'dall-e-3',
      size: '1792x1024',
      quality: 'hd',
      outputFormat: 'png',
    });
    expect(images).toEqual([{ data: TINY_PNG, mimeType: 'image/png' }]);
    expect(server.requests[0]?.body).toEqual({
      model: 'dall-e-3',
      prompt: 'A bakery storefront at dawn',
      n: 1,
      response_format: 'b64_json',
      size: '1792x1024',
      quality: 'hd',
    });
  });

  it('downloads images delivered as URLs (DALL·E 2 on an OpenAI-compatible server)', async () => {
    const { provider, server } = await imageProvider({ imageDelivery: 'url' });
    const images = await provider.generateImages({
      ...request,
      apiModelId: 'dall-e-2',
      size: '512x512',
      count: 2,
    });
    expect(images.map((image) => image.mimeType)).toEqual(['image/png', 'image/png']);
    expect(server.requests.map((sent) => sent.url)).toEqual([
      '/v1/images/generations',
      '/files/image-0-0.png',
      '/files/image-0-1.png',
    ]);
  });

  it('sends xAI an aspect ratio instead of size and quality', async () => {
    const { provider, server } = await imageProvider({ image: JPEG }, 'xai');
    const images = await provider.generateImages({
      ...request,
      apiModelId: 'grok-imagine-image',
      size: '1024x1792',
      quality: 'high',
      outputFormat: 'png',
      count: 3,
    });
    expect(provider.name).toBe('xai');
    expect(images).toHaveLength(3);
    expect(images[0]?.mimeType).toBe('image/jpeg');
    expect(server.requests[0]?.body).toEqual({
      model: 'grok-imagine-image',
      prompt: 'A bakery storefront at dawn',
      n: 3,
      response_format: 'b64_json',
      aspect_ratio: '9:16',
    });
  });

  it('maps a content policy rejection to refused, without retrying', async () => {
    const { provider, server } = await imageProvider({
      replies: [
        {
          kind: 'error',
          status: 400,
          body: openAiErrorBody(
            'Your request was rejected as a result of our safety system.',
            'image_generation_user_error',
            'moderation_blocked',
          ),
        },
      ],
    });
    const error = await failureOf(provider.generateImages(request));
    expect(errorFields(error)).toMatchObject({ provider: 'openai', kind: 'refused', status: 400 });
    expect((error as Error).message).toContain('OpenAI declined this request under its content policy');
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 503 and reports bytes that are not an image as bad_response', async () => {
    const { provider, server } = await imageProvider({
      replies: [{ kind: 'error', status: 503, body: openAiErrorBody('overloaded', 'server_error') }],
      image: new TextEncoder().encode('<html>not an image</html>'),
    });
    const error = await failureOf(provider.generateImages(request));
    expect(errorFields(error)).toMatchObject({ kind: 'bad_response' });
    expect(server.requests).toHaveLength(2);
  });

  it('times out an image request that never answers', async () => {
    server = await startFakeOpenAiServer({ replies: [{ kind: 'hang' }] });
    const provider = createOpenAiImageProvider({
      provider: 'openai',
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      settings: fastSettings({ timeoutMs: 100 }),
    });
    const error = await failureOf(provider.generateImages(request));
    expect(errorFields(error)).toMatchObject({ kind: 'timeout' });
  });
});
