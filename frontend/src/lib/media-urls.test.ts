import { describe, expect, it } from 'vitest';
import { mediaPathsIn, withSignedMedia } from './media-urls';

const JOB = '01JD0000000000000000000000';
const first = `/api/media/user-1/${JOB}/image-1.png`;
const second = `/api/media/user-1/${JOB}/image-2.jpeg`;

describe('mediaPathsIn', () => {
  it('finds each media path of the HTML once, without queries, and ignores other URLs', () => {
    const html = `<img src="${first}"><img src='${second}?token=old'><a href="${first}">x</a><img src="/api/media/../etc/passwd"><img src="https://example.com/a.png">`;
    expect(mediaPathsIn(html)).toEqual([first, second]);
  });

  it('finds nothing in HTML without media', () => {
    expect(mediaPathsIn('<p>No images</p>')).toEqual([]);
  });
});

describe('withSignedMedia', () => {
  it('replaces each media path, and any expired token it carried, with its signed URL', () => {
    const signed = new Map([
      [first, `${first}?token=new1`],
      [second, `${second}?token=new2`],
    ]);
    const html = `<img src="${first}"><img src="${second}?token=old"><img src="/api/media/x">`;
    expect(withSignedMedia(html, signed)).toBe(
      `<img src="${first}?token=new1"><img src="${second}?token=new2"><img src="/api/media/x">`,
    );
  });

  it('leaves paths it has no signed URL for as they are', () => {
    const html = `<img src="${first}">`;
    expect(withSignedMedia(html, new Map())).toBe(html);
  });
});
