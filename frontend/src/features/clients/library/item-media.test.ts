import { describe, expect, it } from 'vitest';
import { itemMediaPaths, savedImages, withImageGallery } from './item-media';

const JOB = '01JD0000000000000000000000';
const first = `/api/media/user-1/${JOB}/image-1.png`;
const second = `/api/media/user-1/${JOB}/image-2.png`;

describe('savedImages', () => {
  it('reads the media images of metadata.images and skips anything else', () => {
    const metadata = {
      images: [
        { url: first, prompt: 'A harbour' },
        { url: 'https://example.com/x.png' },
        'nope',
        { url: second },
      ],
    };
    expect(savedImages(metadata)).toEqual([
      { url: first, prompt: 'A harbour' },
      { url: second, prompt: '' },
    ]);
    expect(savedImages({})).toEqual([]);
    expect(savedImages({ images: 'none' })).toEqual([]);
  });
});

describe('withImageGallery', () => {
  it('adds the listed images the HTML does not show, with escaped prompts', () => {
    const html = `<figure><img src="${first}"></figure>`;
    const shown = withImageGallery(html, [
      { url: first, prompt: 'shown' },
      { url: second, prompt: 'A "quiet" <harbour>' },
    ]);
    expect(shown).toBe(
      `${html}<section aria-label="Images"><figure><img src="${second}" alt="A &quot;quiet&quot; &lt;harbour&gt;"><figcaption>A &quot;quiet&quot; &lt;harbour&gt;</figcaption></figure></section>`,
    );
    expect(itemMediaPaths(html, [{ url: second, prompt: '' }])).toEqual([first, second]);
  });

  it('leaves HTML that already shows every image as it is', () => {
    const html = `<img src="${first}"><img src="${second}">`;
    expect(
      withImageGallery(html, [
        { url: first, prompt: '' },
        { url: second, prompt: '' },
      ]),
    ).toBe(html);
  });
});
