import { describe, expect, it } from 'vitest';
import {
  appendDelta,
  emptyTextStream,
  hasGap,
  partialTextOf,
  resyncFrom,
  type TextDelta,
  type TextStream,
  textDeltaOf,
} from './text-stream';

/** The browser's side of the push protocol: appending in order, spotting a gap, filling it. */

const push = (seq: number, delta: string, attempt = 1): TextDelta => ({ attempt, seq, delta });
const apply = (stream: TextStream, ...pushes: TextDelta[]) => pushes.reduce(appendDelta, stream);

describe('text stream', () => {
  it('appends pushes in order', () => {
    const stream = apply(emptyTextStream, push(1, '<p>'), push(2, 'Hello'), push(3, '</p>'));
    expect(stream).toMatchObject({ attempt: 1, seq: 3, text: '<p>Hello</p>' });
    expect(hasGap(stream)).toBe(false);
  });

  it('ignores a repeated or older push', () => {
    const stream = apply(emptyTextStream, push(1, 'a'), push(2, 'b'), push(2, 'b'), push(1, 'a'));
    expect(stream.text).toBe('ab');
    expect(hasGap(stream)).toBe(false);
  });

  it('spots a missing push and keeps what comes after it aside', () => {
    const stream = apply(emptyTextStream, push(1, 'a'), push(3, 'c'), push(4, 'd'));
    expect(stream.text).toBe('a');
    expect(hasGap(stream)).toBe(true);
  });

  it('closes the gap when the missing push arrives late', () => {
    const stream = apply(emptyTextStream, push(1, 'a'), push(3, 'c'), push(4, 'd'), push(2, 'b'));
    expect(stream.text).toBe('abcd');
    expect(stream.seq).toBe(4);
    expect(hasGap(stream)).toBe(false);
  });

  it('spots a page that joined mid-job: its first push is not number 1', () => {
    expect(hasGap(apply(emptyTextStream, push(57, 'late')))).toBe(true);
  });

  it('starts over on a new attempt and ignores pushes of an older one', () => {
    const first = apply(emptyTextStream, push(1, 'old'), push(2, ' text'));
    const retried = apply(first, push(1, 'new', 2), push(3, 'stale', 1));
    expect(retried).toMatchObject({ attempt: 2, seq: 1, text: 'new' });
    expect(hasGap(retried)).toBe(false);
  });

  it('fills a gap from the stored text, then appends the pushes kept aside that follow it', () => {
    const gapped = apply(emptyTextStream, push(1, 'a'), push(4, 'd'), push(5, 'e'));
    const resynced = resyncFrom(gapped, { attempt: 1, seq: 3, text: 'abc' });
    expect(resynced).toMatchObject({ seq: 5, text: 'abcde' });
    expect(hasGap(resynced)).toBe(false);
  });

  it('keeps the gap when the stored text is still behind it, and waits for a newer one', () => {
    const gapped = apply(emptyTextStream, push(1, 'a'), push(2, 'b'), push(6, 'f'));
    const stale = resyncFrom(gapped, { attempt: 1, seq: 2, text: 'ab' });
    expect(stale).toBe(gapped);
    const partly = resyncFrom(gapped, { attempt: 1, seq: 4, text: 'abcd' });
    expect(partly.text).toBe('abcd');
    expect(hasGap(partly)).toBe(true);
    expect(resyncFrom(partly, { attempt: 1, seq: 5, text: 'abcde' }).text).toBe('abcdef');
  });

  it('ignores stored text of an older attempt', () => {
    const current = apply(emptyTextStream, push(1, 'x', 2));
    expect(resyncFrom(current, { attempt: 1, seq: 9, text: 'old attempt' })).toBe(current);
  });
});

describe('reading the wire', () => {
  it('reads a numbered push and refuses anything else', () => {
    expect(textDeltaOf({ type: 'job.progress', attempt: 1, seq: 2, delta: 'x' })).toEqual(push(2, 'x'));
    expect(textDeltaOf({ type: 'job.progress', text: 'whole' })).toBeNull();
    expect(textDeltaOf({ attempt: 1, seq: 0, delta: 'x' })).toBeNull();
    expect(textDeltaOf({ attempt: 1, seq: 1.5, delta: 'x' })).toBeNull();
  });

  it('reads the stored text of a job', () => {
    expect(partialTextOf({ attempt: 1, seq: 3, text: 'abc' })).toEqual({ attempt: 1, seq: 3, text: 'abc' });
    expect(partialTextOf(null)).toBeNull();
    expect(partialTextOf({ seq: 3 })).toBeNull();
  });
});
