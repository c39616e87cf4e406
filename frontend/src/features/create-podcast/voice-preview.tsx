import { Volume2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { findPodcastVoice, type PodcastVoiceId } from '#shared/models';
import { toolEndpoint } from '#shared/tools/catalog';
import { showError } from '@/components/tool/tool-toast';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { signMediaUrls } from '@/lib/media-urls';

const POLL_MS = 400;
const PREVIEW_TIMEOUT_MS = 60_000;

interface JobReply {
  readonly status: string;
  readonly result: { readonly audioUrl?: unknown } | null;
  readonly error: string | null;
}

/** A short sample in the voice: one sentence spoken by the same job as a podcast, kept per voice. */
async function previewAudio(voice: PodcastVoiceId): Promise<string> {
  const entry = findPodcastVoice(voice);
  const text = `Hello, I am ${entry?.name ?? voice}. ${entry?.description ?? ''}.`;
  const { jobId } = await api.post<{ jobId: string }>(toolEndpoint('text-to-speech'), {
    text,
    voice,
    format: 'bulletin',
  });
  const deadline = Date.now() + PREVIEW_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const job = await api.get<JobReply>(`/api/jobs/${jobId}`);
    if (job.status === 'failed') throw new Error(job.error ?? 'The preview failed');
    const audioUrl = job.result?.audioUrl;
    if (job.status === 'succeeded' && typeof audioUrl === 'string') {
      const signed = await signMediaUrls([audioUrl]);
      const url = signed.get(audioUrl);
      if (url) return url;
      throw new Error('The preview could not be signed');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error('The preview took too long');
}

/** The "hear this voice" button beside a voice picker (the spec's ten voices each have a preview). */
export function VoicePreview({ voice, label }: { voice: PodcastVoiceId; label: string }) {
  const cache = useRef(new Map<PodcastVoiceId, string>());
  const [loading, setLoading] = useState(false);
  const play = async () => {
    setLoading(true);
    try {
      let url = cache.current.get(voice);
      if (!url) {
        url = await previewAudio(voice);
        cache.current.set(voice, url);
      }
      await new Audio(url).play();
    } catch {
      showError('Failed to play the voice preview. Please try again.');
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button type="button" variant="ghost" size="sm" onClick={play} busy={loading} aria-label={label}>
      <Volume2 aria-hidden="true" />
      {loading ? 'Loading...' : 'Preview'}
    </Button>
  );
}
