import { Minus, Plus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import {
  imageSizesFor,
  isOnTarget,
  type LengthLevel,
  MIN_TARGET_CHARACTERS,
  platformLength,
  SOCIAL_PLATFORM_IDS,
  SOCIAL_PLATFORMS,
  type SocialPlatformId,
} from '#shared/platforms';
import type { ImageAtSize, ResizeImageResult } from '#shared/tool-results';

import {
  CUSTOM_RESIZE,
  RESIZE_MODE_LABELS,
  RESIZE_MODES,
  type ResizeMode,
  SOCIAL_MESSAGES,
  SOCIAL_TONES,
  type SocialContentRequestInput,
  type SocialImageRequestInput,
  socialContentRequestSchema,
  socialImageRequestSchema,
} from '#shared/tools/social-content';
import { PublishButton } from '@/components/channels/publish-button';
import { socialPost } from '@/components/channels/publish-post';
import { useSaveForPublishing } from '@/components/channels/save-for-publishing';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { CheckField } from '@/components/tool/check-field';
import { CheckGroup } from '@/components/tool/check-group';
import { ClientSelect } from '@/components/tool/client-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { PlainSelect } from '@/components/tool/plain-select';
import { CopyButton } from '@/components/tool/result-actions';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { NOTHING_GENERATED } from '@/components/tool/tool-messages';
import { SettingsCard } from '@/components/tool/tool-page';
import { ToolResultCard } from '@/components/tool/tool-result';
import { showError, showToast } from '@/components/tool/tool-toast';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { findClient, useToolClients } from '@/components/tool/use-tool-clients';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, useFormFieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { api, errorMessage } from '@/lib/api-client';
import { SignedImage } from './signed-image';
import {
  initialSocialForm,
  readSocialImage,
  readSocialOutput,
  type SocialForm,
  type SocialOutput,
  socialRequest,
  socialSaveBody,
  validateSocial,
  validateSocialImage,
  withLevel,
  withPlatform,
  withTarget,
} from './social-form';

const SOCIAL_CONTENT: ToolDefinition<SocialForm, SocialContentRequestInput, SocialOutput> = {
  tool: 'social-content',
  schema: socialContentRequestSchema,
  initialForm: () => initialSocialForm,
  readOutput: readSocialOutput,
  messages: {
    generated: () => ({ title: SOCIAL_MESSAGES.generated }),
    failed: { title: 'Error', description: SOCIAL_MESSAGES.generationFailed },
    saved: () => ({ title: 'Saved' }),
  },
};

const SOCIAL_IMAGE: ToolDefinition<SocialForm, SocialImageRequestInput, ImageAtSize> = {
  tool: 'social-image',
  schema: socialImageRequestSchema,
  initialForm: () => initialSocialForm,
  readOutput: readSocialImage,
  messages: {
    generated: () => ({ title: SOCIAL_MESSAGES.imageGenerated }),
    failed: { title: 'Error', description: SOCIAL_MESSAGES.imageFailed },
    saved: () => ({ title: 'Saved' }),
  },
};

const TONE_OPTIONS = SOCIAL_TONES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
const MODE_OPTIONS = RESIZE_MODES.map((value) => ({ value, label: RESIZE_MODE_LABELS[value] }));

/** The browser's own select, taking its FormField's error and required state as Input does. */
function NativeSelect(props: ComponentProps<'select'>) {
  const fieldAria = useFormFieldAria(props.id);
  return <select {...fieldAria} {...props} />;
}

function LengthControl({
  platform,
  form,
  disabled,
  onChange,
}: {
  platform: SocialPlatformId;
  form: SocialForm;
  disabled: boolean;
  onChange: (form: SocialForm) => void;
}) {
  const definition = SOCIAL_PLATFORMS[platform];
  const level = form.levels[platform];
  const [typed, setTyped] = useState<string | null>(null);
  const step = (delta: number) =>
    onChange(withLevel(form, platform, Math.min(5, Math.max(1, level + delta)) as LengthLevel));
  return (
    <div className="grid grid-cols-1 gap-2 rounded-md border p-3" data-testid={`length-${platform}`}>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{definition.name} length</span>
        <span className="text-xs text-muted-foreground">
          Optimal {definition.optimalHint.min}-{definition.optimalHint.max}, max {definition.maxLength}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Shorter ${definition.name} post`}
          disabled={disabled || level <= 1}
          onClick={() => step(-1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          type="range"
          min={1}
          max={5}
          step={1}
          value={level}
          disabled={disabled}
          aria-label={`${definition.name} length level`}
          className="min-w-0 flex-1 accent-primary"
          onChange={(event) => onChange(withLevel(form, platform, Number(event.target.value) as LengthLevel))}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Longer ${definition.name} post`}
          disabled={disabled || level >= 5}
          onClick={() => step(1)}
        >
          <Plus aria-hidden="true" />
        </Button>
        <Input
          type="number"
          inputMode="numeric"
          className="w-24"
          min={MIN_TARGET_CHARACTERS}
          max={definition.maxLength}
          aria-label={`${definition.name} target characters`}
          disabled={disabled}
          value={typed ?? String(form.targets[platform])}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => {
            if (typed !== null) onChange(withTarget(form, platform, Number(typed)));
            setTyped(null);
          }}
        />
      </div>
    </div>
  );
}

function PostCard({
  platform,
  text,
  target,
  onTopic,
}: {
  platform: SocialPlatformId;
  text: string;
  target: number;
  onTopic: boolean;
}) {
  const length = platformLength(platform, text);
  // On target is the length and the point: a post that says nothing about the brief is not.
  const onTarget = onTopic && isOnTarget(platform, text, target);
  return (
    <article className="grid gap-2 rounded-md border p-4" data-testid={`post-${platform}`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium">{SOCIAL_PLATFORMS[platform].name}</h2>
        <div className="flex items-center gap-2">
          <span className="text-xs text-muted-foreground" data-testid="post-length">
            {length} / {target} characters
          </span>
          {onTarget && <Badge variant="secondary">On Target</Badge>}
          <CopyButton text={text} nothing={NOTHING_GENERATED} />
        </div>
      </header>
      <p className="whitespace-pre-wrap text-sm">{text}</p>
    </article>
  );
}

/** Social Content Generator (001 §2): posts per platform on one tab, an image and its resizes on the other. */
export function SocialContentPage() {
  const tool = useTool(SOCIAL_CONTENT);
  const image = useTool(SOCIAL_IMAGE);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/social-content']);
  const client = findClient(clientList.clients, form.clientId);
  const busy = tool.busy || image.busy;
  const sizes = imageSizesFor(form.platforms);
  const [resize, setResize] = useState<{ width: string; height: string; mode: ResizeMode }>({
    width: '',
    height: '',
    mode: 'stretch',
  });
  const [resized, setResized] = useState<ResizeImageResult | null>(null);
  const [resizing, setResizing] = useState(false);

  const generate = () => tool.generate(validateSocial(form), () => socialRequest(form));
  const generateImage = () =>
    image.generate(validateSocialImage(form), () => ({
      prompt: form.imagePrompt,
      dimensions: form.imageDimensions,
      ...(form.clientId ? { clientId: form.clientId } : {}),
    }));
  const imageOutput = image.run.output;
  const runResize = async (width: number, height: number) => {
    if (!imageOutput) return;
    setResizing(true);
    showToast({ title: SOCIAL_MESSAGES.resizing });
    try {
      const reply = await api.post<ResizeImageResult>('/api/resize-image', {
        image: imageOutput.imageUrl,
        width,
        height,
        mode: resize.mode,
      });
      setResized(reply);
      showToast({ title: SOCIAL_MESSAGES.resized }, 'success');
    } catch (error) {
      showError(errorMessage(error, SOCIAL_MESSAGES.resizeFailed));
    } finally {
      setResizing(false);
    }
  };
  // Publish works on a library item: the posts are saved to the chosen client first, once per result.
  const output = run.output;
  const { contentId: publishId, save: saveToPublish } = useSaveForPublishing({
    clients: clientList.clients,
    clientId: form.clientId,
    resultKey: output ? JSON.stringify(output.posts) : null,
    savedByRun: run.meta.savedContent,
    body: () => (output ? socialSaveBody(output, run.request, new Date(), viewerTimeZone()) : null),
    what: 'Social content',
  });

  const customWidth = Number(resize.width);
  const customHeight = Number(resize.height);
  const customValid = [customWidth, customHeight].every(
    (side) => Number.isInteger(side) && side >= CUSTOM_RESIZE.min && side <= CUSTOM_RESIZE.max,
  );

  const clientPicker = (
    <ClientSelect
      id="social-client"
      label="Client (optional)"
      {...clientList}
      {...tool.choice('clientId')}
      error={tool.error('clientId')}
      hint={
        client
          ? [client.company_name, client.content_instructions].filter(Boolean).join(' - ') || client.name
          : undefined
      }
    />
  );

  const contentTab = (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] [&>*]:min-w-0">
      <SettingsCard title="Content Settings" onSubmit={generate}>
        {clientPicker}
        <FormField label="Prompt" htmlFor="social-prompt" required error={tool.error('prompt')}>
          <Textarea
            id="social-prompt"
            rows={3}
            placeholder="e.g., Spring open house on May 3 with free samples"
            {...tool.text('prompt')}
          />
        </FormField>
        <CheckGroup id="social-platforms" legend="Platforms" required error={tool.error('platforms')}>
          {SOCIAL_PLATFORM_IDS.map((platform) => (
            <CheckField
              key={platform}
              id={`platform-${platform}`}
              label={SOCIAL_PLATFORMS[platform].name}
              checked={form.platforms.includes(platform)}
              disabled={busy}
              onChange={(checked) => tool.update((current) => withPlatform(current, platform, checked))}
            />
          ))}
        </CheckGroup>
        {form.platforms.map((platform) => (
          <LengthControl
            key={platform}
            platform={platform}
            form={form}
            disabled={busy}
            onChange={(next) => tool.update(() => next)}
          />
        ))}
        <PlainSelect id="social-tone" label="Tone" options={TONE_OPTIONS} {...tool.choice('tone')} />
        <CheckField
          id="social-hashtags"
          label="Include hashtags"
          asSwitch
          {...tool.check('includeHashtags')}
        />
        <CheckField
          id="social-cta"
          label="Include call to action"
          asSwitch
          {...tool.check('includeCallToAction')}
        />
        <GenerateButton
          label="Generate Content"
          run={run}
          disabled={busy || form.prompt.trim() === '' || form.platforms.length === 0}
        />
      </SettingsCard>
      <ToolResultCard
        run={run}
        title="Generated Content"
        actions={
          <PublishButton
            clientId={form.clientId}
            contentId={publishId}
            save={saveToPublish}
            post={output ? socialPost(output.posts, imageOutput?.imageUrl ?? null) : null}
          />
        }
      >
        {run.output ? (
          <div className="grid gap-3">
            {run.output.posts.map((post) => (
              <PostCard key={post.platform} {...post} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Enter a prompt, pick platforms and click "Generate Content".
          </p>
        )}
      </ToolResultCard>
    </div>
  );

  const imageTab = (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] [&>*]:min-w-0">
      <SettingsCard title="Image Settings" onSubmit={generateImage}>
        {/* The image run checks the shared form; its problem goes at its next try. */}
        <FormField
          label="Image Description"
          htmlFor="social-image-prompt"
          required
          error={image.error('imagePrompt')}
        >
          <Textarea
            id="social-image-prompt"
            rows={3}
            placeholder="e.g., Fresh bread on a rustic counter"
            {...tool.text('imagePrompt')}
          />
        </FormField>
        <FormField
          label="Dimensions"
          htmlFor="social-dimensions"
          hint={SOCIAL_MESSAGES.dimensionsNotice}
          required
          error={image.error('imageDimensions')}
        >
          <NativeSelect
            id="social-dimensions"
            className="h-9 rounded-md border bg-background px-3 text-sm"
            value={form.imageDimensions}
            disabled={busy}
            onChange={(event) => tool.set('imageDimensions', event.target.value)}
          >
            <option value="">Select dimensions</option>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <GenerateButton
          label="Generate Image"
          run={image.run}
          disabled={busy || form.imagePrompt.trim() === '' || form.imageDimensions === ''}
        />
      </SettingsCard>
      <ToolResultCard run={image.run} title="Generated Image">
        {imageOutput ? (
          <div className="grid gap-4">
            <SignedImage
              path={imageOutput.imageUrl}
              alt={form.imagePrompt || 'Social image'}
              width={imageOutput.width}
              height={imageOutput.height}
              fileName={`social-image-${imageOutput.width}x${imageOutput.height}.png`}
              downloadFailed={SOCIAL_MESSAGES.imageFailed}
              downloaded={SOCIAL_MESSAGES.downloaded}
            />
            <section className="grid gap-3 rounded-md border p-3" aria-label="Resize">
              <h2 className="text-sm font-medium">Resize</h2>
              <PlainSelect
                id="resize-mode"
                label="Resize mode"
                options={MODE_OPTIONS}
                value={resize.mode}
                onChange={(mode) => setResize({ ...resize, mode })}
              />
              <div className="flex flex-wrap gap-2">
                {SOCIAL_PLATFORM_IDS.flatMap((platform) =>
                  SOCIAL_PLATFORMS[platform].imageSizes.map((size) => {
                    const [width = 0, height = 0] = size.split('x').map(Number);
                    return (
                      <Button
                        key={`${platform}-${size}`}
                        type="button"
                        variant="outline"
                        size="sm"
                        busy={resizing}
                        onClick={() => void runResize(width, height)}
                      >
                        {SOCIAL_PLATFORMS[platform].name} {size}
                      </Button>
                    );
                  }),
                )}
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <FormField label="Width" htmlFor="resize-width">
                  <Input
                    id="resize-width"
                    type="number"
                    className="w-24"
                    min={CUSTOM_RESIZE.min}
                    max={CUSTOM_RESIZE.max}
                    value={resize.width}
                    onChange={(event) => setResize({ ...resize, width: event.target.value })}
                  />
                </FormField>
                <FormField label="Height" htmlFor="resize-height">
                  <Input
                    id="resize-height"
                    type="number"
                    className="w-24"
                    min={CUSTOM_RESIZE.min}
                    max={CUSTOM_RESIZE.max}
                    value={resize.height}
                    onChange={(event) => setResize({ ...resize, height: event.target.value })}
                  />
                </FormField>
                <Button
                  type="button"
                  disabled={!customValid}
                  busy={resizing}
                  onClick={() => void runResize(customWidth, customHeight)}
                >
                  Resize
                </Button>
              </div>
              {resized && (
                <SignedImage
                  path={resized.imageUrl}
                  alt="Resized image"
                  width={resized.width}
                  height={resized.height}
                  fileName={`social-image-${resized.width}x${resized.height}.png`}
                  downloadLabel="Download Resized"
                  downloadFailed={SOCIAL_MESSAGES.resizeFailed}
                  downloaded={SOCIAL_MESSAGES.downloaded}
                />
              )}
            </section>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Describe the image, pick dimensions and click "Generate Image".
          </p>
        )}
      </ToolResultCard>
    </div>
  );

  return (
    <PageContainer>
      <PageHeader
        title="Social Content Generator"
        description="Write posts for each platform at the length you choose, and make images to go with them."
      />
      <Tabs defaultValue="content" className="grid min-w-0 gap-4">
        <TabsList>
          <TabsTrigger value="content">Content Generation</TabsTrigger>
          <TabsTrigger value="image">Image Generation</TabsTrigger>
        </TabsList>
        <TabsContent value="content">{contentTab}</TabsContent>
        <TabsContent value="image">{imageTab}</TabsContent>
      </Tabs>
    </PageContainer>
  );
}
