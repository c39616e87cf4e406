import { describe, expect, it } from 'vitest';
import {
  fetchContentRequestSchema,
  PODCAST_MESSAGES,
  splitScript,
  textToSpeechRequestSchema,
} from './podcast';

describe('splitScript', () => {
  it('alternates speakers by Host: and Guest: prefixes, joining unprefixed lines to the current turn', () => {
    const script =
      'Intro music fades.\nHost: Welcome back.\nGuest: Glad to be here.\nIt has been a year.\n\nhost : Let us begin.';
    expect(splitScript(script, 'conversation')).toEqual([
      { speaker: 'host', text: 'Intro music fades.' },
      { speaker: 'host', text: 'Welcome back.' },
      { speaker: 'guest', text: 'Glad to be here. It has been a year.' },
      { speaker: 'host', text: 'Let us begin.' },
    ]);
  });

  it('splits a conversation without prefixes into turns by paragraph, host first', () => {
    expect(splitScript('First point.\n\nSecond point.\n\n\nThird point.', 'conversation')).toEqual([
      { speaker: 'host', text: 'First point.' },
      { speaker: 'guest', text: 'Second point.' },
      { speaker: 'host', text: 'Third point.' },
    ]);
  });

  it('gives a bulletin to the host alone, prefixes and all', () => {
    expect(splitScript('Host: News first.\n\nGuest: Then weather.', 'bulletin')).toEqual([
      { speaker: 'host', text: 'Host: News first.' },
      { speaker: 'host', text: 'Guest: Then weather.' },
    ]);
  });
});

describe('request schemas', () => {
  it('use the spec messages', () => {
    const empty = textToSpeechRequestSchema.safeParse({ text: ' \n ' });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe(PODCAST_MESSAGES.textRequired);
    const noUrl = fetchContentRequestSchema.safeParse({ url: '' });
    expect(noUrl.success ? null : noUrl.error.issues[0]?.message).toBe(PODCAST_MESSAGES.urlRequired);
    expect(textToSpeechRequestSchema.parse({ text: 'Hi' })).toMatchObject({
      format: 'bulletin',
      voice: 'alloy',
    });
  });
});
