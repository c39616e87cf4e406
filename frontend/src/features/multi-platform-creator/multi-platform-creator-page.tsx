import { Check, Save } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { ChannelPlatform } from '#shared/channels';
import type { ClientContent } from '#shared/content';
import { MULTI_PLATFORM_MODELS } from '#shared/models';
import { SOCIAL_PLATFORM_IDS, SOCIAL_PLATFORMS } from '#shared/platforms';
import type { MultiPlatformItem } from '#shared/tool-results';
import { BLOG_FRAMEWORK_OPTIONS } from '#shared/tools/blog-rewrite';
import {
  HTML_RESULT_TYPES,
  MULTI_PLATFORM_MESSAGES,
  MULTI_PLATFORM_TONES,
  MULTI_PLATFORM_TYPE_LABELS,
  MULTI_PLATFORM_TYPES,
  type MultiPlatformRequestInput,
  multiPlatformRequestSchema,
} from '#shared/tools/multi-platform';
import { PublishButton } from '@/components/channels/publish-button';
import { type PublishPost, SOCIAL_CHANNELS } from '@/components/channels/publish-post';
import { CheckField } from '@/components/tool/check-field';
import { CheckGroup } from '@/components/tool/check-group';
import { ClientSelect } from '@/components/tool/client-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { HtmlFrame } from '@/components/tool/html-frame';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { PlainSelect } from '@/components/tool/plain-select';
import { CopyButton } from '@/components/tool/result-actions';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResultCard } from '@/components/tool/tool-result';
import { showError, showToast } from '@/components/tool/tool-toast';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { api, errorMessage } from '@/lib/api-client';
import {
  initialMultiPlatformForm,
  type MultiPlatformForm,
  type MultiPlatformOutput,
  multiPlatformRequest,
  partialItems,
  progressText,
  readMultiPlatformOutput,
  saveBody,
  summaryToast,
  toggled,
  validateMultiPlatform,
  withType,
} from './multi-platform-form';

const MULTI_PLATFORM: ToolDefinition<MultiPlatformForm, MultiPlatformRequestInput, MultiPlatformOutput> = {
  tool: 'multi-platform',
  schema: multiPlatformRequestSchema,
  initialForm: () => initialMultiPlatformForm,
  readOutput: readMultiPlatformOutput,
  messages: {
    generated: (output) => summaryToast(output),
    failed: MULTI_PLATFORM_MESSAGES.unexpected,
    saved: () => ({ title: MULTI_PLATFORM_MESSAGES.saved }),
  },
};

const TONE_OPTIONS = MULTI_PLATFORM_TONES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
const FRAMEWORK_OPTIONS = BLOG_FRAMEWORK_OPTIONS.map(({ value, label }) => ({ value, label }));

function itemLabel(item: MultiPlatformItem): string {
  const type = MULTI_PLATFORM_TYPE_LABELS[item.type];
  return item.platform ? `${type} - ${SOCIAL_PLATFORMS[item.platform].name}` : type;
}

/** The channel a result is a post for: a social platform's, or the Business Profile's; null for the rest. */
function channelOf(item: MultiPlatformItem): ChannelPlatform | null {
  if (item.type === 'gbp-post') return 'gbp';
  return item.type === 'social' && item.platform ? SOCIAL_CHANNELS[item.platform] : null;
}

/**
 * What Publish starts from for a post of the run: its own text and channel, and each other platform's
 * post of the run for that platform's channels.
 */
function publishPostOf(item: MultiPlatformItem, items: readonly MultiPlatformItem[]): PublishPost | null {
  const channel = channelOf(item);
  if (channel === null || !item.success) return null;
  const texts: Partial<Record<ChannelPlatform, string>> = {};
  for (const other of items) {
    const platform = channelOf(other);
    if (platform !== null && other.success) texts[platform] ??= other.content;
  }
  return { text: item.content, texts: { ...texts, [channel]: item.content }, platforms: [channel] };
}

function ResultItem({
  item,
  saveState,
  onSave,
  publish,
}: {
  item: MultiPlatformItem;
  /** 'saved' once this result is in the chosen client's library: it is not saved twice by accident. */
  saveState: 'idle' | 'saving' | 'saved';
  onSave: (item: MultiPlatformItem) => void;
  /** Publish, for a post a channel takes. */
  publish: ReactNode;
}) {
  const isHtml = HTML_RESULT_TYPES.includes(item.type) && Boolean(item.html);
  return (
    <article className="grid gap-3 rounded-md border p-4" data-testid="multi-platform-item">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium">{itemLabel(item)}</h2>
        <Badge variant={item.success ? 'secondary' : 'destructive'}>
          {item.success ? 'Success' : 'Failed'}
        </Badge>
      </header>
      {!item.success ? (
        <p className="text-sm text-destructive">Error: {item.error}</p>
      ) : isHtml ? (
        <Tabs defaultValue="text">
          <TabsList>
            <TabsTrigger value="text">Text View</TabsTrigger>
            <TabsTrigger value="code">HTML Code</TabsTrigger>
            <TabsTrigger value="preview">HTML Preview</TabsTrigger>
          </TabsList>
          <TabsContent value="text">
            <p className="whitespace-pre-wrap break-words text-sm">{item.content}</p>
          </TabsContent>
          <TabsContent value="code">
            <pre className="whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs">{item.html}</pre>
          </TabsContent>
          <TabsContent value="preview">
            <HtmlFrame html={item.html ?? ''} title={`${itemLabel(item)} preview`} />
          </TabsContent>
        </Tabs>
      ) : (
        <p className="whitespace-pre-wrap text-sm">{item.content}</p>
      )}
      {item.success && (
        <div className="flex flex-wrap gap-2">
          <CopyButton label="Copy to Clipboard" text={item.content} nothing={NOTHING_GENERATED} />
          <Button
            type="button"
            variant={saveState === 'saved' ? 'secondary' : 'outline'}
            size="sm"
            // Saving and Saved are aria-disabled, not disabled, so the keyboard focus stays.
            aria-disabled={saveState !== 'idle' || undefined}
            className="aria-disabled:cursor-default"
            onClick={() => saveState === 'idle' && onSave(item)}
          >
            {saveState === 'saved' ? <Check aria-hidden="true" /> : <Save aria-hidden="true" />}
            {saveState === 'saved' ? 'Saved' : saveState === 'saving' ? 'Saving...' : 'Save to Client'}
          </Button>
          {publish}
        </div>
      )}
    </article>
  );
}

/** Multi-Platform Content Creator (001 §2): one prompt, every selected content type in one run. */
export function MultiPlatformCreatorPage() {
  const tool = useTool(MULTI_PLATFORM);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/multi-platform-creator']);
  const [saving, setSaving] = useState<string | null>(null);
  // What was saved from this page, by client and result, with its library id: the same result is not
  // saved twice, and Publish opens on it.
  const [savedIds, setSavedIds] = useState<ReadonlyMap<string, string>>(() => new Map());
  const busy = tool.busy;
  const saveKey = (item: MultiPlatformItem) =>
    [form.clientId ?? '', item.type, item.platform ?? '', item.content].join('\n');
  const saveState = (item: MultiPlatformItem): 'idle' | 'saving' | 'saved' => {
    const key = saveKey(item);
    // A run that saved to the client itself gave the item its library id.
    const savedByRun = Boolean(item.savedContentId) && run.request?.clientId === form.clientId;
    if (savedIds.has(key) || savedByRun) return 'saved';
    return saving === key ? 'saving' : 'idle';
  };
  const contentIdOf = (item: MultiPlatformItem): string | null => {
    const savedByRun =
      item.savedContentId && run.request?.clientId === form.clientId ? item.savedContentId : null;
    return savedByRun ?? savedIds.get(saveKey(item)) ?? null;
  };

  const generate = () =>
    tool.generate(validateMultiPlatform(form), () => multiPlatformRequest(form, viewerTimeZone()));
  /** Saves the item to the chosen client; its library id, or null when it was not saved (and said why). */
  const save = async (item: MultiPlatformItem): Promise<string | null> => {
    if (!form.clientId) {
      showToast(MULTI_PLATFORM_MESSAGES.selectClient, 'destructive');
      return null;
    }
    const key = saveKey(item);
    if (!run.request || saving || saveState(item) !== 'idle') return contentIdOf(item);
    setSaving(key);
    try {
      const saved = await api.post<ClientContent>(
        `/api/clients/${form.clientId}/content`,
        saveBody(item, run.request, new Date(), viewerTimeZone()),
      );
      setSavedIds((ids) => new Map(ids).set(key, saved.id));
      showToast({ title: MULTI_PLATFORM_MESSAGES.saved }, 'success');
      return saved.id;
    } catch (error) {
      showError(
        errorMessage(error, MULTI_PLATFORM_MESSAGES.saveFailed.description),
        MULTI_PLATFORM_MESSAGES.saveFailed.title,
      );
      return null;
    } finally {
      setSaving(null);
    }
  };

  const settings = (
    <SettingsCard title="Content Settings" onSubmit={generate}>
      <ClientSelect
        id="multi-client"
        label="Client"
        {...clientList}
        {...tool.choice('clientId')}
        error={tool.error('clientId')}
      />
      <ModelSelect {...tool.choice('model')} models={MULTI_PLATFORM_MODELS} />
      <CheckGroup id="multi-types" legend="Content Types" required error={tool.error('types')}>
        {MULTI_PLATFORM_TYPES.map((type) => (
          <div key={type} className="grid gap-2">
            <CheckField
              id={`type-${type}`}
              label={MULTI_PLATFORM_TYPE_LABELS[type]}
              checked={form.types.includes(type)}
              disabled={busy}
              onChange={(checked) => tool.update((current) => withType(current, type, checked))}
            />
            {type === 'social' && form.types.includes('social') && (
              <div className="ml-6 flex flex-wrap gap-3">
                {SOCIAL_PLATFORM_IDS.map((platform) => (
                  <CheckField
                    key={platform}
                    id={`multi-platform-${platform}`}
                    label={SOCIAL_PLATFORMS[platform].name}
                    checked={form.platforms.includes(platform)}
                    disabled={busy}
                    onChange={(checked) =>
                      tool.update((current) => ({
                        ...current,
                        platforms: toggled(current.platforms, platform, checked, SOCIAL_PLATFORM_IDS),
                      }))
                    }
                  />
                ))}
              </div>
            )}
          </div>
        ))}
      </CheckGroup>
      {form.types.includes('blog-rewrite') && (
        <div className="grid gap-3 rounded-md border p-3">
          <FormField label="Blog URL" htmlFor="multi-blog-url" required error={tool.error('blogUrl')}>
            <Input
              id="multi-blog-url"
              type="url"
              placeholder="https://example.com/blog/post"
              {...tool.text('blogUrl')}
            />
          </FormField>
          <PlainSelect
            id="multi-framework"
            label="Framework"
            options={FRAMEWORK_OPTIONS}
            {...tool.choice('framework')}
          />
        </div>
      )}
      {form.types.includes('newsletter') && (
        <CheckField
          id="multi-newsletter-header"
          label="Newsletter header"
          {...tool.check('newsletterIncludeHeader')}
        />
      )}
      <FormField
        label="Prompt"
        htmlFor="multi-prompt"
        // Every type but the blog rewrite writes from the prompt (001 §2).
        required={form.types.some((type) => type !== 'blog-rewrite')}
        error={tool.error('prompt')}
      >
        <Textarea
          id="multi-prompt"
          rows={4}
          placeholder="What should all the content be about?"
          {...tool.text('prompt')}
        />
      </FormField>
      <PlainSelect id="multi-tone" label="Tone" options={TONE_OPTIONS} {...tool.choice('tone')} />
      <CheckField id="multi-save" label="Save to client profile" {...tool.check('saveToClient')} />
      <GenerateButton label="Generate All Content" run={run} disabled={busy} />
      {run.generating && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="multi-progress">
          {progressText(run.job.progress, form.types.length)}
        </p>
      )}
    </SettingsCard>
  );

  const items = run.output?.items ?? (run.generating ? partialItems(run.job.partialText) : []);
  const result = (
    <ToolResultCard run={run} title="Generated Content" readyMessage={`${items.length} items ready`}>
      {items.length > 0 ? (
        <div className="grid gap-3">
          {items.map((item) => (
            <ResultItem
              key={`${item.type}-${item.platform ?? ''}`}
              item={item}
              saveState={saveState(item)}
              onSave={(chosen) => void save(chosen)}
              publish={
                channelOf(item) !== null && (
                  <PublishButton
                    clientId={form.clientId}
                    contentId={contentIdOf(item)}
                    save={() => save(item)}
                    post={publishPostOf(item, items)}
                  />
                )
              }
            />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Pick content types, enter a prompt and click "Generate All Content".
        </p>
      )}
    </ToolResultCard>
  );

  return (
    <ToolPage
      title="Multi-Platform Content Creator"
      description="Create social posts, a newsletter, a press release, an FAQ, a blog rewrite, a GBP post and client content from one prompt."
      settings={settings}
      result={result}
    />
  );
}
