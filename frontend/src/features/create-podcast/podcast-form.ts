import { downloadTimestamp } from '#shared/file-names';
import {
  DEFAULT_GUEST_VOICE_ID,
  DEFAULT_HOST_VOICE_ID,
  PODCAST_VOICES,
  type PodcastVoiceId,
} from '#shared/models';
import {
  DEFAULT_PODCAST_FORMAT,
  PODCAST_MESSAGES,
  type PodcastFormat,
  type TextToSpeechRequest,
} from '#shared/tools/podcast';
// Relative, not '@/': the unit tests load this module and vitest knows only the package.json aliases.
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import { errorToast } from '../../components/tool/tool-messages';

/** Create Podcast's settings (001 §2, §9). */
export interface PodcastForm {
  readonly format: PodcastFormat;
  readonly voice: PodcastVoiceId;
  readonly guestVoice: PodcastVoiceId;
  readonly importUrl: string;
  readonly text: string;
}

export const initialPodcastForm: PodcastForm = {
  format: DEFAULT_PODCAST_FORMAT,
  voice: DEFAULT_HOST_VOICE_ID,
  guestVoice: DEFAULT_GUEST_VOICE_ID,
  importUrl: '',
  text: '',
};

export const FORMAT_OPTIONS: readonly { value: PodcastFormat; label: string }[] = [
  { value: 'bulletin', label: 'Bulletin (one voice)' },
  { value: 'conversation', label: 'Conversation (host and guest)' },
];

export const VOICE_OPTIONS: readonly { value: PodcastVoiceId; label: string }[] = PODCAST_VOICES.map(
  (voice) => ({
    value: voice.id,
    label: `${voice.name} — ${voice.description}`,
  }),
);

export type PodcastRequest = Omit<
  TextToSpeechRequest,
  'includeAudioContent' | 'saveToClient' | 'clientId' | 'timeZone'
>;

export function validatePodcast(form: PodcastForm): FieldProblem<keyof PodcastForm> | null {
  return form.text.trim() === '' ? atField('text', errorToast(PODCAST_MESSAGES.textRequired)) : null;
}

export function podcastRequest(form: PodcastForm): PodcastRequest {
  return { text: form.text, voice: form.voice, guestVoice: form.guestVoice, format: form.format };
}

export interface PodcastOutput {
  readonly audioUrl: string;
  readonly durationSeconds: number;
  readonly bytes: number;
}

export function readPodcastOutput(result: JobResult): PodcastOutput | null {
  const { audioUrl, durationSeconds, bytes } = result;
  if (typeof audioUrl !== 'string' || audioUrl === '') return null;
  return {
    audioUrl,
    durationSeconds: typeof durationSeconds === 'number' ? durationSeconds : 0,
    bytes: typeof bytes === 'number' ? bytes : 0,
  };
}

/** 'podcast-2026-11-23-0930.mp3', on the viewer's clock like the other downloads. */
export function podcastFileName(now: Date): string {
  return `podcast-${downloadTimestamp(now)}.mp3`;
}

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
