import { describe, expect, it } from 'vitest';
import {
  MAX_DELTA_CHARS,
  ProgressStream,
  PUSH_INTERVAL_MS,
  SAVE_PROGRESS_INTERVAL_MS,
  saveIntervalMs,
  VISIBLE_TEXT_SCAN_CHARS,
} from './progress-stream';

/** The worker's side of the push protocol: deltas, sequence numbers, the first push, the size cap. */

const joined = (pushes: ReadonlyArray<{ delta: string }>) => pushes.map((push) => push.delta).join('');

describe('progress stream', () => {
  it('pushes the first text at once, then batches what arrives within the interval', () => {
    const stream = new ProgressStream();
    stream.append('<h1>Spring');
    expect(stream.due(1_000)).toEqual([{ seq: 1, delta: '<h1>Spring' }]);
    stream.append(' tips');
    stream.append('</h1>');
    expect(stream.due(1_000 + PUSH_INTERVAL_MS - 1)).toEqual([]);
    expect(stream.due(1_000 + PUSH_INTERVAL_MS)).toEqual([{ seq: 2, delta: ' tips</h1>' }]);
  });

  it('pushes the first words a reader sees at once, even when markup alone went out first', () => {
    const stream = new ProgressStream();
    stream.append('```html\n');
    expect(stream.due(1_000)).toEqual([{ seq: 1, delta: '```html\n' }]);
    // More markup renders nothing: it waits for the interval like any later text.
    stream.append('<h2');
    expect(stream.due(1_010)).toEqual([]);
    stream.append('>');
    expect(stream.due(1_020)).toEqual([]);
    // The first word does not wait, and carries the markup before it.
    stream.append('Spring');
    expect(stream.due(1_030)).toEqual([{ seq: 2, delta: '<h2>Spring' }]);
    // After that, the interval holds again.
    stream.append(' tips');
    expect(stream.due(1_040)).toEqual([]);
    expect(stream.due(1_030 + PUSH_INTERVAL_MS)).toEqual([{ seq: 3, delta: ' tips' }]);
  });

  it('reads a JSON reply as the preview does: a key is not visible, the start of its HTML field is', () => {
    const stream = new ProgressStream();
    stream.append('{"rewrittenHtml": "');
    expect(stream.due(0)).toHaveLength(1);
    stream.append('<p>');
    expect(stream.due(5)).toEqual([]);
    stream.append('Hello');
    expect(stream.due(10)).toEqual([{ seq: 2, delta: '<p>Hello' }]);
  });

  it('batches a long reply that is still only markup at the interval, without rereading it all', () => {
    const stream = new ProgressStream();
    stream.append('<div>'.repeat(VISIBLE_TEXT_SCAN_CHARS / 5 + 1));
    expect(stream.due(0)).toHaveLength(1);
    stream.append('Words');
    expect(stream.due(10)).toEqual([]);
    expect(stream.due(PUSH_INTERVAL_MS)).toEqual([{ seq: 2, delta: 'Words' }]);
  });

  it('sends only new text, numbered from 1, and the pushes add up to the whole reply', () => {
    const stream = new ProgressStream();
    const pushes: Array<{ seq: number; delta: string }> = [];
    const chunks = ['<p>One', ' two', '</p>', '<p>Three</p>'];
    chunks.forEach((chunk, index) => {
      stream.append(chunk);
      pushes.push(...stream.due(index * PUSH_INTERVAL_MS));
    });
    pushes.push(...stream.flush());
    expect(pushes.map((push) => push.seq)).toEqual(pushes.map((_push, index) => index + 1));
    expect(joined(pushes)).toBe(chunks.join(''));
    expect(stream.snapshot()).toEqual({ seq: pushes.length, text: chunks.join('') });
  });

  it('pushes nothing when no new text came, even after the interval', () => {
    const stream = new ProgressStream();
    stream.append('a');
    stream.due(0);
    expect(stream.due(10_000)).toEqual([]);
    expect(stream.flush()).toEqual([]);
  });

  it('cuts a long stretch of text into pieces no longer than the cap, never inside a surrogate pair', () => {
    const stream = new ProgressStream(PUSH_INTERVAL_MS, 5);
    const text = 'abcd😀efghij';
    stream.append(text);
    const pushes = stream.due(0);
    expect(pushes.every((push) => push.delta.length <= 5)).toBe(true);
    expect(pushes[0]?.delta).toBe('abcd');
    expect(pushes[1]?.delta.startsWith('😀')).toBe(true);
    expect(joined(pushes)).toBe(text);
    expect(pushes.map((push) => push.seq)).toEqual([1, 2, 3]);
  });

  it('keeps every push within 128 KB even when each character is escaped to six bytes', () => {
    const stream = new ProgressStream();
    stream.append('\u0001'.repeat(MAX_DELTA_CHARS * 2 + 10));
    const pushes = stream.due(0);
    expect(pushes).toHaveLength(3);
    for (const push of pushes) {
      const message = JSON.stringify({
        type: 'job.progress',
        jobId: '01J',
        tool: 'x',
        progress: 99,
        ...push,
      });
      expect(new TextEncoder().encode(message).byteLength).toBeLessThanOrEqual(128 * 1024);
    }
  });

  it('snapshots only what was pushed, not text still waiting for the interval', () => {
    const stream = new ProgressStream();
    stream.append('first');
    stream.due(0);
    stream.append(' second');
    expect(stream.snapshot()).toEqual({ seq: 1, text: 'first' });
  });
});

describe('save interval', () => {
  it('waits a second after a short save and longer after a long one, for about 16 K characters a second', () => {
    expect(saveIntervalMs(0)).toBe(SAVE_PROGRESS_INTERVAL_MS);
    expect(saveIntervalMs(8_000)).toBe(SAVE_PROGRESS_INTERVAL_MS);
    expect(saveIntervalMs(163_840)).toBe(10_000);
  });
});
