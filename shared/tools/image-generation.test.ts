import { describe, expect, it } from 'vitest';
import { IMAGE_MODELS } from '../models';
import {
  assembleImagePrompt,
  effectiveCompression,
  generateImageRequestSchema,
  IMAGE_MESSAGES,
  imageConfigSchema,
  imageConfigsOf,
} from './image-generation';

const parse = (body: Record<string, unknown>) =>
  generateImageRequestSchema.safeParse({ prompt: 'A lighthouse', ...body });
const firstMessage = (body: Record<string, unknown>) => {
  const result = parse(body);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('per-model option tables', () => {
  it('accept exactly the sizes, qualities and formats of §9 for each model', () => {
    const table: Record<string, { sizes: string[]; formats: string[]; qualities: string[]; max: number }> = {
      'grok-aurora': {
        sizes: ['1024x1024', '1792x1024', '1024x1792'],
        formats: ['png', 'jpeg'],
        qualities: ['high', 'standard'],
        max: 10,
      },
      'gpt-image-1': {
        sizes: ['1024x1024', '1536x1024', '1024x1536'],
        formats: ['png', 'jpeg', 'webp'],
        qualities: ['high', 'medium', 'low'],
        max: 10,
      },
      'dall-e-3': {
        sizes: ['1024x1024', '1792x1024', '1024x1792'],
        formats: ['png'],
        qualities: ['hd', 'standard'],
        max: 1,
      },
      'dall-e-2': {
        sizes: ['256x256', '512x512', '1024x1024'],
        formats: ['png'],
        qualities: ['standard'],
        max: 10,
      },
      'gemini-2.5-flash-image-preview': {
        sizes: ['16:9', '9:16', '3:4', '4:3'],
        formats: ['png', 'jpeg'],
        qualities: ['high', 'medium', 'low'],
        max: 10,
      },
      'imagen-4.0-ultra-generate-001': {
        sizes: ['16:9', '9:16', '3:4', '4:3', '800x600'],
        formats: ['png', 'jpeg'],
        qualities: ['high', 'medium', 'low'],
        max: 4,
      },
      'imagen-4.0-generate-001': {
        sizes: ['16:9', '9:16', '3:4', '4:3', '800x600'],
        formats: ['png', 'jpeg'],
        qualities: ['high', 'medium', 'low'],
        max: 4,
      },
    };
    expect(IMAGE_MODELS.map((model) => model.id).sort()).toEqual(Object.keys(table).sort());
    const everySize = [...new Set(Object.values(table).flatMap((entry) => entry.sizes))];
    const everyQuality = [...new Set(Object.values(table).flatMap((entry) => entry.qualities))];
    for (const [model, allowed] of Object.entries(table)) {
      for (const size of everySize)
        expect(parse({ model, size }).success, `${model} ${size}`).toBe(allowed.sizes.includes(size));
      for (const quality of everyQuality) {
        expect(parse({ model, quality }).success, `${model} ${quality}`).toBe(
          allowed.qualities.includes(quality),
        );
      }
      for (const outputFormat of ['png', 'jpeg', 'webp']) {
        expect(parse({ model, outputFormat }).success, `${model} ${outputFormat}`).toBe(
          allowed.formats.includes(outputFormat),
        );
      }
      expect(parse({ model, size: 'auto', quality: 'auto' }).success, model).toBe(true);
      expect(parse({ model, numberOfImages: allowed.max }).success, model).toBe(true);
      expect(parse({ model, numberOfImages: allowed.max + 1 }).success, model).toBe(false);
      expect(parse({ model, numberOfImages: 0 }).success, model).toBe(false);
    }
  });

  it('refuses an unknown model and sends compression only for gpt-image-1 with jpeg or webp', () => {
    expect(firstMessage({ model: 'midjourney' })).toBe(IMAGE_MESSAGES.invalidModel);
    const request = (model: string, outputFormat: string) =>
      generateImageRequestSchema.parse({ prompt: 'x', model, outputFormat, compression: 40 });
    expect(effectiveCompression(request('gpt-image-1', 'jpeg'))).toBe(40);
    expect(effectiveCompression(request('gpt-image-1', 'webp'))).toBe(40);
    expect(effectiveCompression(request('gpt-image-1', 'png'))).toBeUndefined();
    expect(effectiveCompression(request('grok-aurora', 'jpeg'))).toBeUndefined();
  });

  it('needs at least one prompt and a client when saving', () => {
    expect(firstMessage({ prompt: '  ' })).toBe(IMAGE_MESSAGES.promptRequired);
    expect(
      firstMessage({
        prompt: undefined,
        configs: [
          { id: 'a', prompt: '' },
          { id: 'b', prompt: ' ' },
        ],
      }),
    ).toBe(IMAGE_MESSAGES.promptRequired);
    expect(firstMessage({ saveToClient: true })).toBe('Select a client');
    expect(parse({ saveToClient: true, clientId: '01J0000000000000000000000A' }).success).toBe(true);
  });
});

describe('prompt assembly', () => {
  it('appends the filled fields in a fixed order and leaves out neutral options', () => {
    const config = imageConfigSchema.parse({
      id: 'c1',
      prompt: 'A bakery storefront at dawn.',
      entities: 'baker, bicycle ,  ',
      keywords: 'cozy, artisan',
      style: 'illustration',
      lighting: 'golden hour',
      detailLevel: 'default',
      colorStyle: 'warm tones',
      texture: 'matte',
      perspective: 'wide shot',
    });
    expect(assembleImagePrompt(config)).toBe(
      'A bakery storefront at dawn. Featuring: baker, bicycle. Keywords: cozy, artisan. Style: illustration. Lighting: golden hour. Colors: warm tones. Texture: matte. Perspective: wide shot.',
    );
    expect(assembleImagePrompt(imageConfigSchema.parse({ id: 'c2', prompt: 'A red kite' }))).toBe(
      'A red kite.',
    );
  });

  it('treats a bare prompt as one configuration', () => {
    const configs = imageConfigsOf({ prompt: 'A red kite' });
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({ prompt: 'A red kite', style: 'none', lighting: 'default' });
  });
});

describe('the per-image failure toast', () => {
  it("quotes the prompt's start as the spec does, with three dots, never four", () => {
    expect(IMAGE_MESSAGES.perImageFailure('A red barn at sunrise. Style: cinematic.', 'refused')).toBe(
      'Failed for: "A red barn at sunrise. Style:..." — refused',
    );
    // Thirty characters that end a sentence: its full stop and the ellipsis made four dots.
    expect(IMAGE_MESSAGES.perImageFailure('A lighthouse at dawn, in fogs. Style: none.', 'refused')).toBe(
      'Failed for: "A lighthouse at dawn, in fogs..." — refused',
    );
  });
});
