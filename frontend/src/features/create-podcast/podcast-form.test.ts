import { describe, expect, it } from 'vitest';
import { PODCAST_VOICES } from '#shared/models';
import {
  formatDuration,
  formatSize,
  initialPodcastForm,
  podcastFileName,
  podcastRequest,
  readPodcastOutput,
  VOICE_OPTIONS,
  validatePodcast,
} from './podcast-form';

describe('podcast form', () => {
  it('needs a script, and sends the format and both voices', () => {
    expect(validatePodcast({ ...initialPodcastForm, text: '  ' })?.description).toBe(
      'Please enter some text to convert to speech',
    );
    const form = {
      ...initialPodcastForm,
      text: 'Host: Hi',
      format: 'conversation' as const,
      guestVoice: 'coral' as const,
    };
    expect(validatePodcast(form)).toBeNull();
    expect(podcastRequest(form)).toEqual({
      text: 'Host: Hi',
      voice: 'alloy',
      guestVoice: 'coral',
      format: 'conversation',
    });
  });

  it('offers the ten voices by name and reads the job result', () => {
    expect(VOICE_OPTIONS).toHaveLength(PODCAST_VOICES.length);
    expect(
      readPodcastOutput({ audioUrl: '/api/media/u/j/podcast.mp3', durationSeconds: 12.5, bytes: 2048 }),
    ).toEqual({
      audioUrl: '/api/media/u/j/podcast.mp3',
      durationSeconds: 12.5,
      bytes: 2048,
    });
    expect(readPodcastOutput({ durationSeconds: 3 })).toBeNull();
  });

  it('formats the download name, duration and size', () => {
    expect(podcastFileName(new Date(2026, 10, 23, 9, 5))).toBe('podcast-2026-11-23-0905.mp3');
    expect(formatDuration(125.4)).toBe('2:05');
    expect(formatSize(40_000)).toBe('39 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
