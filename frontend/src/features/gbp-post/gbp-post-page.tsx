import { GBP_MODELS } from '#shared/models';
import { endSentence } from '#shared/text';
import type { ImageAtSize } from '#shared/tool-results';
import {
  GBP_IMAGE_SIZE_LABELS,
  GBP_IMAGE_SIZES,
  GBP_MESSAGES,
  GBP_POST_TYPE_LABELS,
  GBP_POST_TYPES,
  type GbpImageRequestInput,
  type GbpPostRequestInput,
  gbpImageRequestSchema,
  gbpPostRequestSchema,
} from '#shared/tools/gbp-post';
import { PublishButton } from '@/components/channels/publish-button';
import { useSaveForPublishing } from '@/components/channels/save-for-publishing';
import { ClientSelect } from '@/components/tool/client-select';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { ModelSelect } from '@/components/tool/model-select';
import { PlainSelect } from '@/components/tool/plain-select';
import { CopyButton } from '@/components/tool/result-actions';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResultCard } from '@/components/tool/tool-result';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { findClient, useToolClients } from '@/components/tool/use-tool-clients';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { SignedImage } from '../social-content/signed-image';
import {
  type GbpForm,
  type GbpPostOutput,
  gbpImageRequest,
  gbpPostRequest,
  gbpSaveBody,
  gbpTopicOf,
  initialGbpForm,
  readGbpPost,
  readSizedImage,
  validateGbpImage,
  validateGbpPost,
  wantsImageWithPost,
} from './gbp-form';

const GBP_POST: ToolDefinition<GbpForm, GbpPostRequestInput, GbpPostOutput> = {
  tool: 'gbp-post',
  schema: gbpPostRequestSchema,
  initialForm: () => initialGbpForm,
  readOutput: readGbpPost,
  messages: {
    generated: () => ({ title: GBP_MESSAGES.postGenerated }),
    failed: { title: 'Error', description: GBP_MESSAGES.postFailed },
    saved: () => ({ title: 'Saved' }),
  },
};

const GBP_IMAGE: ToolDefinition<GbpForm, GbpImageRequestInput, ImageAtSize> = {
  tool: 'gbp-image',
  schema: gbpImageRequestSchema,
  initialForm: () => initialGbpForm,
  readOutput: readSizedImage,
  messages: {
    generated: () => ({ title: GBP_MESSAGES.imageGenerated }),
    failed: { title: 'Error', description: GBP_MESSAGES.imageFailed },
    saved: () => ({ title: 'Saved' }),
  },
};

const POST_TYPE_OPTIONS = GBP_POST_TYPES.map((value) => ({ value, label: GBP_POST_TYPE_LABELS[value] }));
const SIZE_OPTIONS = GBP_IMAGE_SIZES.map((value) => ({ value, label: GBP_IMAGE_SIZE_LABELS[value] }));
const COPY_NOTHING = { title: 'Error', description: GBP_MESSAGES.copyFailed };

/** GBP Post Creator (001 §2): a Google Business Profile post and, optionally, its image. */
export function GbpPostPage() {
  const tool = useTool(GBP_POST);
  const image = useTool(GBP_IMAGE);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/gbp-post']);
  const client = findClient(clientList.clients, form.clientId);
  const busy = tool.busy || image.busy;

  const generatePost = () => {
    tool.generate(validateGbpPost(form), () => gbpPostRequest(form));
    if (form.prompt.trim() !== '' && wantsImageWithPost(form))
      image.generate(null, () => gbpImageRequest(form));
  };
  const generateImageOnly = () => image.generate(validateGbpImage(form), () => gbpImageRequest(form));

  const settings = (
    <SettingsCard
      title="Post Settings"
      description="Write a Google Business Profile post."
      onSubmit={generatePost}
    >
      <ClientSelect
        id="gbp-client"
        label="Client (optional)"
        {...clientList}
        {...tool.choice('clientId')}
        hint={client ? endSentence(`Writing for ${client.company_name || client.name}`) : undefined}
      />
      <PlainSelect
        id="gbp-post-type"
        label="Post Type"
        options={POST_TYPE_OPTIONS}
        {...tool.choice('postType')}
      />
      <ModelSelect {...tool.choice('model')} models={GBP_MODELS} />
      <FormField label="Post Prompt" htmlFor="gbp-prompt" required error={tool.error('prompt')}>
        <Textarea
          id="gbp-prompt"
          rows={4}
          placeholder="e.g., 20% off all birthday cakes June 1-15, code CAKE20"
          {...tool.text('prompt')}
        />
      </FormField>
      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Image (optional)</legend>
        {/* Generate Image Only checks the post form's image prompt; its problem goes at the next try. */}
        <FormField label="Image Prompt" htmlFor="gbp-image-prompt" error={image.error('imagePrompt')}>
          <Textarea
            id="gbp-image-prompt"
            rows={2}
            placeholder="e.g., A birthday cake with candles on a bakery counter"
            {...tool.text('imagePrompt')}
          />
        </FormField>
        <PlainSelect
          id="gbp-dimensions"
          label="Dimensions"
          options={SIZE_OPTIONS}
          {...tool.choice('dimensions')}
        />
      </fieldset>
      <GenerateButton label="Generate GBP Post" run={run} disabled={busy || form.prompt.trim() === ''} />
      <GenerateButton
        label="Generate Image Only"
        variant="outline"
        run={image.run}
        onClick={generateImageOnly}
        disabled={busy || form.imagePrompt.trim() === ''}
      />
    </SettingsCard>
  );

  const imageOutput = image.run.output;
  // Publish works on a library item: the post is saved to the chosen client first, once per result.
  const output = run.output;
  const { contentId: publishId, save: saveToPublish } = useSaveForPublishing({
    clients: clientList.clients,
    clientId: form.clientId,
    resultKey: output ? output.post : null,
    savedByRun: run.meta.savedContent,
    body: () => (output ? gbpSaveBody(output, run.request, new Date(), viewerTimeZone()) : null),
    what: 'GBP post',
  });
  const result = (
    <div className="grid gap-4">
      <ToolResultCard
        run={run}
        title="GBP Post"
        actions={
          <>
            <CopyButton
              label="Copy Post to Clipboard"
              text={run.output?.post ?? null}
              nothing={COPY_NOTHING}
            />
            <PublishButton
              clientId={form.clientId}
              contentId={publishId}
              save={saveToPublish}
              post={
                output
                  ? {
                      text: output.post,
                      imageUrl: imageOutput?.imageUrl ?? null,
                      platforms: ['gbp'],
                      gbpTopicType: gbpTopicOf(run.request?.postType ?? form.postType),
                    }
                  : null
              }
            />
          </>
        }
      >
        {run.output ? (
          <div
            className="whitespace-pre-wrap rounded-md border bg-muted/30 p-4 text-sm"
            data-testid="gbp-post-text"
          >
            {run.output.post}
            <p className="mt-3 text-xs text-muted-foreground">{run.output.post.length} / 1500 characters</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Enter a prompt and click "Generate GBP Post" to see the post.
          </p>
        )}
      </ToolResultCard>
      <ToolResultCard run={image.run} title="GBP Image">
        {imageOutput ? (
          <SignedImage
            path={imageOutput.imageUrl}
            alt={form.imagePrompt || 'GBP image'}
            width={imageOutput.width}
            height={imageOutput.height}
            fileName={`gbp-image-${imageOutput.width}x${imageOutput.height}.png`}
            downloadLabel="Download Image"
            downloadFailed={GBP_MESSAGES.downloadFailed}
            downloaded={GBP_MESSAGES.downloaded}
          />
        ) : (
          <p className="text-sm text-muted-foreground">Add an image prompt to make an image for the post.</p>
        )}
      </ToolResultCard>
    </div>
  );

  return (
    <ToolPage
      title="GBP Post Creator"
      description="Create Google Business Profile posts and images for your clients."
      settings={settings}
      result={result}
    />
  );
}
