import { describe, expect, it } from 'vitest';
import {
  configFromAnalysis,
  imageRequest,
  initialImageForm,
  newConfig,
  partialImageOutput,
  progressStatus,
  readImageOutput,
  showsCompression,
  validateImages,
  withModel,
} from './image-form';

describe('image form', () => {
  it('resets the settings a new model does not offer', () => {
    const form = {
      ...initialImageForm(),
      size: '1536x1024',
      outputFormat: 'webp' as const,
      numberOfImages: 5,
    };
    const dalle = withModel(form, 'dall-e-3');
    expect(dalle).toMatchObject({ size: 'auto', outputFormat: 'png', numberOfImages: 1 });
    const imagen = withModel({ ...form, size: 'auto', quality: 'high' }, 'imagen-4.0-generate-001');
    expect(imagen).toMatchObject({ quality: 'high', numberOfImages: 4, outputFormat: 'png' });
    expect(showsCompression({ model: 'gpt-image-1', outputFormat: 'jpeg' })).toBe(true);
    expect(showsCompression({ model: 'gpt-image-1', outputFormat: 'png' })).toBe(false);
    expect(showsCompression({ model: 'grok-aurora', outputFormat: 'jpeg' })).toBe(false);
  });

  it('needs a prompt, sends only filled configurations and the key only for imagen and gemini', () => {
    const empty = initialImageForm();
    expect(validateImages(empty, false)?.description).toBe(
      'Please enter at least one prompt for image generation',
    );
    const form = {
      ...empty,
      configs: [newConfig('a', { prompt: 'A kite' }), newConfig('b')],
      apiKey: ' key-123 ',
    };
    const request = imageRequest(form, { timeZone: 'UTC', hasClients: false });
    expect(request.configs?.map((config) => config.id)).toEqual(['a']);
    expect(request.apiKey).toBeUndefined();
    expect(
      imageRequest({ ...form, model: 'imagen-4.0-generate-001' }, { timeZone: 'UTC', hasClients: false })
        .apiKey,
    ).toBe('key-123');
  });

  it('turns an analysis into a configuration and reads the job result', () => {
    const config = configFromAnalysis('x', {
      description: 'A landscape image',
      entities: ['blue areas'],
      keywords: ['landscape', 'blue'],
      style: 'vibrant',
    });
    expect(config).toMatchObject({
      prompt: 'A landscape image',
      entities: 'blue areas',
      keywords: 'landscape, blue',
      style: 'none',
    });
    expect(readImageOutput({ images: [], failures: [] })).toBeNull();
    expect(
      readImageOutput({ images: [{ url: '/api/media/u/j/image-1-1.png', prompt: 'p' }], failures: [] })
        ?.images,
    ).toHaveLength(1);
  });

  it('says which image is being generated from the real progress', () => {
    expect(progressStatus(0, 3)).toBe('Generating image 1 of 3');
    expect(progressStatus(34, 3)).toBe('Generating image 2 of 3');
    expect(progressStatus(99, 3)).toBe('Generating image 3 of 3');
  });

  it('reads the configurations done back from the server progress, floor(100 × done / total)', () => {
    expect(progressStatus(33, 3)).toBe('Generating image 2 of 3');
    expect(progressStatus(66, 3)).toBe('Generating image 3 of 3');
    expect(progressStatus(42, 7)).toBe('Generating image 4 of 7');
  });

  it('reads the images and failures a running job has pushed so far', () => {
    const image = {
      url: '/api/media/u/j/image-1-1.png',
      prompt: 'A',
      configId: 'c1',
      entities: [],
      keywords: [],
    };
    const failure = { configId: 'c2', prompt: 'B', error: 'declined' };
    expect(partialImageOutput(JSON.stringify({ images: [image], failures: [failure] }))).toEqual({
      images: [image],
      failures: [failure],
    });
    expect(partialImageOutput('')).toEqual({ images: [], failures: [] });
    expect(partialImageOutput('{"images": [')).toEqual({ images: [], failures: [] });
    expect(partialImageOutput(JSON.stringify({ images: [{ url: '' }], failures: [{}] }))).toEqual({
      images: [],
      failures: [],
    });
  });
});
