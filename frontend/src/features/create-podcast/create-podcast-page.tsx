import { Download, Link as LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FetchContentResponse } from '#shared/tool-results';
import { PODCAST_MESSAGES, textToSpeechRequestSchema } from '#shared/tools/podcast';
import { GenerateButton } from '@/components/tool/generate-button';
import { PlainSelect } from '@/components/tool/plain-select';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResultCard } from '@/components/tool/tool-result';
import { showError, showToast } from '@/components/tool/tool-toast';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api, errorMessage } from '@/lib/api-client';
import { downloadMedia, signMediaUrls } from '@/lib/media-urls';
import {
  FORMAT_OPTIONS,
  formatDuration,
  formatSize,
  initialPodcastForm,
  type PodcastForm,
  type PodcastOutput,
  type PodcastRequest,
  podcastFileName,
  podcastRequest,
  readPodcastOutput,
  VOICE_OPTIONS,
  validatePodcast,
} from './podcast-form';
import { VoicePreview } from './voice-preview';

const PODCAST: ToolDefinition<PodcastForm, PodcastRequest, PodcastOutput> = {
  tool: 'text-to-speech',
  schema: textToSpeechRequestSchema,
  initialForm: () => initialPodcastForm,
  readOutput: readPodcastOutput,
  messages: {
    generated: (output) => ({
      title: 'Podcast ready',
      description: `${formatDuration(output.durationSeconds)} of audio`,
    }),
    failed: { title: 'Error', description: PODCAST_MESSAGES.generationFailed },
    saved: (clientName) => ({
      title: 'Saved to Client',
      description: `Podcast saved to ${clientName}'s profile`,
    }),
    invalid: PODCAST_MESSAGES.noAudio,
  },
};

/** Create Podcast (001 §2): a script, one or two voices, an MP3 to play and download. */
export function CreatePodcastPage() {
  const tool = useTool(PODCAST);
  const { form, run } = tool;
  const [importing, setImporting] = useState(false);
  // The import's problem, shown at the URL field too until the URL is edited.
  const [importProblem, setImportProblem] = useState<{ url: string; message: string } | null>(null);
  const importError = importProblem?.url === form.importUrl ? importProblem.message : null;
  const failImport = (message: string) => {
    setImportProblem({ url: form.importUrl, message });
    showError(message);
  };
  const [audioSrc, setAudioSrc] = useState<string | null>(null);
  const audioUrl = run.output?.audioUrl ?? null;

  useEffect(() => {
    setAudioSrc(null);
    if (!audioUrl) return;
    let current = true;
    signMediaUrls([audioUrl])
      .then((signed) => {
        if (current) setAudioSrc(signed.get(audioUrl) ?? null);
      })
      .catch(() => {
        if (current) showError(PODCAST_MESSAGES.noAudio);
      });
    return () => {
      current = false;
    };
  }, [audioUrl]);

  const importContent = async () => {
    const url = form.importUrl.trim();
    if (url === '') {
      failImport(PODCAST_MESSAGES.urlRequired);
      return;
    }
    setImportProblem(null);
    setImporting(true);
    try {
      const page = await api.post<FetchContentResponse>('/api/fetch-content', { url });
      tool.set('text', page.content);
      showToast({ title: 'Content imported', description: page.title });
    } catch (error) {
      failImport(errorMessage(error, PODCAST_MESSAGES.importFailed));
    } finally {
      setImporting(false);
    }
  };

  const generate = () => tool.generate(validatePodcast(form), () => podcastRequest(form));
  const download = () => {
    if (audioSrc) downloadMedia(audioSrc, podcastFileName(new Date()));
  };

  const settings = (
    <SettingsCard
      title="Podcast Settings"
      description="Pick the voices, then write or import the script."
      onSubmit={generate}
    >
      <PlainSelect id="podcast-format" label="Format" options={FORMAT_OPTIONS} {...tool.choice('format')} />
      <div className="grid gap-1">
        <PlainSelect
          id="podcast-voice"
          label={form.format === 'conversation' ? 'Host voice' : 'Voice'}
          options={VOICE_OPTIONS}
          {...tool.choice('voice')}
        />
        <div>
          <VoicePreview voice={form.voice} label="Preview the host voice" />
        </div>
      </div>
      {form.format === 'conversation' && (
        <div className="grid gap-1">
          <PlainSelect
            id="podcast-guest-voice"
            label="Guest voice"
            options={VOICE_OPTIONS}
            {...tool.choice('guestVoice')}
          />
          <div>
            <VoicePreview voice={form.guestVoice} label="Preview the guest voice" />
          </div>
        </div>
      )}
      <FormField label="Import from URL" htmlFor="podcast-import" error={importError}>
        <div className="flex gap-2">
          <Input
            id="podcast-import"
            type="url"
            placeholder="https://example.com/article"
            {...tool.text('importUrl')}
          />
          <Button
            type="button"
            variant="outline"
            onClick={importContent}
            busy={importing}
            disabled={tool.busy}
          >
            <LinkIcon aria-hidden="true" />
            {importing ? 'Importing...' : 'Import'}
          </Button>
        </div>
      </FormField>
      <FormField
        label="Script"
        htmlFor="podcast-script"
        required
        error={tool.error('text')}
        hint={
          form.format === 'conversation'
            ? 'Start lines with Host: or Guest: to switch speakers; without them, paragraphs alternate.'
            : undefined
        }
      >
        <Textarea
          id="podcast-script"
          rows={12}
          placeholder="Write what the podcast should say..."
          {...tool.text('text')}
        />
      </FormField>
      <GenerateButton label="Generate Podcast" run={run} disabled={form.text === ''} />
    </SettingsCard>
  );

  const output = run.output;
  const result = (
    <ToolResultCard
      run={run}
      title="Podcast"
      readyMessage="Podcast ready"
      actions={
        <Button type="button" variant="outline" onClick={download} disabled={!audioSrc}>
          <Download aria-hidden="true" />
          Download MP3
        </Button>
      }
    >
      {output ? (
        <div className="grid gap-3">
          {/* biome-ignore lint/a11y/useMediaCaption: spoken audio of the user's own script, which is shown beside it */}
          <audio
            controls
            preload="metadata"
            src={audioSrc ?? undefined}
            className="w-full"
            data-testid="podcast-audio"
          />
          <p className="text-sm text-muted-foreground">
            {formatDuration(output.durationSeconds)} · {formatSize(output.bytes)}
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">The podcast will appear here once it is generated.</p>
      )}
    </ToolResultCard>
  );

  return (
    <ToolPage
      title="Create Podcast"
      description="Turn a script or an article into a podcast with one or two voices."
      settings={settings}
      result={result}
    />
  );
}
