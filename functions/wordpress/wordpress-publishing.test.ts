import { describe, expect, it, vi } from 'vitest';
import { preparePostHtml, scheduledDate } from './wordpress-publishing';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('preparePostHtml', () => {
  it('sanitizes with the library rules and leaves ordinary images alone', async () => {
    const uploadMedia = vi.fn();
    const html = await preparePostHtml(
      '<p onclick="x()">Hi</p><script>alert(1)</script><img src="https://cdn.example/a.png">',
      { uploadMedia },
      'post',
    );
    expect(html).toBe('<p>Hi</p><img src="https://cdn.example/a.png" />');
    expect(uploadMedia).not.toHaveBeenCalled();
  });

  it('uploads each distinct data-URL image once and publishes its URL instead', async () => {
    const uploadMedia = vi.fn(async () => ({
      id: 9,
      sourceUrl: 'https://site.example/wp-content/uploads/x.png',
    }));
    const image = `<img src="data:image/png;base64,${PNG}" alt="dot" />`;
    const html = await preparePostHtml(`<p>${image}</p><p>${image}</p>`, { uploadMedia }, 'spring-news');
    expect(uploadMedia).toHaveBeenCalledTimes(1);
    expect(uploadMedia).toHaveBeenCalledWith({
      bytes: Buffer.from(PNG, 'base64'),
      filename: 'spring-news-image-1.png',
      mimeType: 'image/png',
    });
    expect(html).not.toContain('data:');
    expect(html.match(/https:\/\/site\.example\/wp-content\/uploads\/x\.png/g)).toHaveLength(2);
  });
});

describe('scheduledDate', () => {
  const now = new Date('2030-01-01T12:00:00Z');

  it('reads the viewer-zoned moment as an instant', () => {
    expect(scheduledDate({ status: 'future', date: '2030-01-02T10:30:00+02:00' }, now)?.toISOString()).toBe(
      '2030-01-02T08:30:00.000Z',
    );
  });

  it('ignores dates for other statuses and refuses a past or missing one for future', () => {
    expect(scheduledDate({ status: 'publish', date: '2020-01-01T00:00:00Z' }, now)).toBeUndefined();
    expect(() => scheduledDate({ status: 'future', date: '2029-12-31T00:00:00Z' }, now)).toThrow(
      'Please choose a date and time in the future to schedule the post.',
    );
    expect(() => scheduledDate({ status: 'future' }, now)).toThrow('Please choose a date');
  });
});
