import { Download, ImagePlus, Plus, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { imageDownloadName } from '#shared/file-names';
import { findImageModel } from '#shared/models';
import type { ImageAnalysis } from '#shared/tool-results';
import { uploadProblem } from '#shared/tools/image-analysis';
import {
  assembleImagePrompt,
  generateImageRequestSchema,
  IMAGE_COLOR_STYLES,
  IMAGE_DETAIL_LEVELS,
  IMAGE_LIGHTING,
  IMAGE_MESSAGES,
  IMAGE_PERSPECTIVES,
  IMAGE_STYLES,
  IMAGE_TEXTURES,
  type ImageConfig,
} from '#shared/tools/image-generation';
import { CheckField } from '@/components/tool/check-field';
import { ClientSelect } from '@/components/tool/client-select';
import { downloadObjectUrl } from '@/components/tool/download';
import { GenerateButton } from '@/components/tool/generate-button';
import { viewerTimeZone } from '@/components/tool/manual-save';
import { PlainSelect } from '@/components/tool/plain-select';
import { PICKER_FIELDS } from '@/components/tool/tool-clients-query';
import { SettingsCard, ToolPage } from '@/components/tool/tool-page';
import { ToolResultCard } from '@/components/tool/tool-result';
import { showError, showToast } from '@/components/tool/tool-toast';
import { type ToolDefinition, useTool } from '@/components/tool/use-tool';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api, errorMessage } from '@/lib/api-client';
import { imageSourceOf } from '@/lib/image-upload';
import { downloadMedia } from '@/lib/media-urls';
import {
  configFromAnalysis,
  formatOptions,
  type ImageForm,
  type ImageOutput,
  type ImageRequest,
  imageRequest,
  initialImageForm,
  MODEL_OPTIONS,
  maxImages,
  newConfig,
  partialImageOutput,
  progressStatus,
  qualityOptions,
  readImageOutput,
  showsCompression,
  sizeOptions,
  takesUserKey,
  validateImages,
  withModel,
} from './image-form';
import { ImageProfile } from './image-profile';
import { useGalleryImages } from './use-gallery-images';

const IMAGES: ToolDefinition<ImageForm, ImageRequest, ImageOutput> = {
  tool: 'image-generation',
  schema: generateImageRequestSchema,
  initialForm: initialImageForm,
  readOutput: readImageOutput,
  messages: {
    generated: (output) => ({
      title: 'Images generated',
      description: `${output.images.length} image${output.images.length === 1 ? '' : 's'} ready`,
    }),
    failed: { title: 'Error', description: IMAGE_MESSAGES.noImages },
    saved: (clientName) => ({
      title: 'Saved to Client',
      description: `Images saved to ${clientName}'s profile`,
    }),
    invalid: IMAGE_MESSAGES.noImages,
  },
};

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const OPTION_FIELDS = [
  ['style', 'Style', IMAGE_STYLES],
  ['lighting', 'Lighting', IMAGE_LIGHTING],
  ['detailLevel', 'Detail', IMAGE_DETAIL_LEVELS],
  ['colorStyle', 'Color', IMAGE_COLOR_STYLES],
  ['texture', 'Texture', IMAGE_TEXTURES],
  ['perspective', 'Perspective', IMAGE_PERSPECTIVES],
] as const;

/**
 * One image's settings. Its legend is the fieldset's first child, so it names the group ('Image 2'):
 * a legend inside a wrapper names nothing. Floated, it is laid out as a grid item in the row of the
 * Remove button instead of being drawn into the top border.
 */
export function ConfigCard({
  config,
  index,
  canRemove,
  disabled,
  promptError,
  onChange,
  onRemove,
}: {
  config: ImageConfig;
  index: number;
  canRemove: boolean;
  disabled: boolean;
  /** 'Enter at least one prompt', shown at the first configuration's prompt. */
  promptError: string | null;
  onChange: (config: ImageConfig) => void;
  onRemove: () => void;
}) {
  const id = (field: string) => `image-${config.id}-${field}`;
  const text = (field: 'prompt' | 'entities' | 'keywords') => ({
    value: config[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...config, [field]: event.target.value }),
    disabled,
  });
  return (
    <fieldset
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-3 rounded-lg border p-4"
      data-testid="image-config"
    >
      <legend className="float-left font-medium">{`Image ${index + 1}`}</legend>
      <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={!canRemove || disabled}>
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
      <div className="col-span-2 grid gap-3">
        <FormField label="Prompt" htmlFor={id('prompt')} required={index === 0} error={promptError}>
          <Textarea
            id={id('prompt')}
            rows={3}
            placeholder="What should the image show?"
            {...text('prompt')}
          />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Entities" htmlFor={id('entities')} hint="Comma-separated">
            <Input id={id('entities')} placeholder="barn, tractor" {...text('entities')} />
          </FormField>
          <FormField label="Keywords" htmlFor={id('keywords')} hint="Comma-separated">
            <Input id={id('keywords')} placeholder="rural, harvest" {...text('keywords')} />
          </FormField>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          {OPTION_FIELDS.map(([field, label, values]) => (
            <PlainSelect
              key={field}
              id={id(field)}
              label={label}
              value={config[field]}
              options={options(values)}
              onChange={(value) => onChange({ ...config, [field]: value })}
              disabled={disabled}
            />
          ))}
        </div>
        {config.prompt.trim() !== '' && (
          <p className="text-xs text-muted-foreground" data-testid="assembled-prompt">
            Sent as: {assembleImagePrompt(config)}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** AI Image Generator (001 §2). */
export function ImageGenerationPage() {
  const tool = useTool(IMAGES);
  const { form, run } = tool;
  const clientList = useToolClients(PICKER_FIELDS['/image-generation']);
  const hasClients = clientList.clients.length > 0;
  const [analyzing, setAnalyzing] = useState(false);
  // The upload's problem (type, size, analysis failed), shown under the upload button as well.
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [analysis, setAnalysis] = useState<ImageAnalysis | null>(null);
  const [cleared, setCleared] = useState(false);
  const nextId = useRef(form.configs.length + 1);
  const fileInput = useRef<HTMLInputElement>(null);
  const jobId = run.job.jobId;
  const partialText = run.job.partialText;
  // The images and failures so far while the loop runs (001 §4), then the job's result.
  const arrived = useMemo(
    () => run.output ?? (run.generating ? partialImageOutput(partialText) : null),
    [run.output, run.generating, partialText],
  );
  const requested = run.request ?? form;
  const cropRatio = findImageModel(requested.model)?.cropsToAspectRatio ? requested.size : null;
  const { images: gallery, reload } = useGalleryImages(
    jobId,
    useMemo(() => (arrived?.images ?? []).map((image) => image.url), [arrived]),
    cropRatio,
  );

  useEffect(() => {
    if (jobId !== null) setCleared(false);
  }, [jobId]);

  // Each configuration's failure is told once, when it arrives; the loop goes on (001 §4).
  const toldFailures = useRef(new Set<string>());
  useEffect(() => {
    for (const failure of arrived?.failures ?? []) {
      const key = `${jobId}:${failure.configId}`;
      if (toldFailures.current.has(key)) continue;
      toldFailures.current.add(key);
      showToast(
        { title: 'Error', description: IMAGE_MESSAGES.perImageFailure(failure.prompt, failure.error) },
        'destructive',
      );
    }
  }, [arrived, jobId]);

  const setConfigs = (change: (configs: readonly ImageConfig[]) => readonly ImageConfig[]) =>
    tool.update((current) => ({ ...current, configs: change(current.configs) }));
  const addConfig = (config?: ImageConfig) => {
    const id = `config-${nextId.current++}`;
    setConfigs((configs) => {
      const fresh = config ? { ...config, id } : newConfig(id);
      // A single empty configuration is replaced by the analysed one rather than left above it.
      const onlyEmpty = configs.length === 1 && configs[0]?.prompt.trim() === '';
      return config && onlyEmpty ? [fresh] : [...configs, fresh];
    });
  };

  const analyze = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = uploadProblem(file);
    setUploadError(problem);
    if (problem) {
      showError(problem);
      return;
    }
    setAnalyzing(true);
    try {
      const analysis = await api.post<ImageAnalysis>('/api/analyze-image', {
        ...(await imageSourceOf(file)),
        format: 'json',
      });
      setAnalysis(analysis);
      addConfig(configFromAnalysis('analysed', analysis));
      showToast({ title: 'Image analyzed', description: 'A new configuration holds its profile.' });
    } catch (error) {
      const message = errorMessage(error, IMAGE_MESSAGES.analyzeFailed);
      setUploadError(message);
      showError(message);
    } finally {
      setAnalyzing(false);
    }
  };

  const generate = () =>
    tool.generate(validateImages(form, hasClients), () =>
      imageRequest(form, { timeZone: viewerTimeZone(), hasClients }),
    );
  const promptCount = form.configs.filter((config) => config.prompt.trim() !== '').length;

  const settings = (
    <SettingsCard
      title="Image Settings"
      description="Describe one or more images, then pick the model."
      onSubmit={generate}
    >
      <div className="grid gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={analyze}
          aria-label="Upload an image to analyze"
          aria-invalid={uploadError ? true : undefined}
          aria-describedby={uploadError ? 'image-upload-error image-upload-hint' : 'image-upload-hint'}
        />
        <Button
          type="button"
          variant="outline"
          aria-describedby={uploadError ? 'image-upload-error image-upload-hint' : 'image-upload-hint'}
          onClick={() => fileInput.current?.click()}
          busy={analyzing}
          disabled={tool.busy}
        >
          <Upload aria-hidden="true" />
          {analyzing ? 'Analyzing image...' : 'Upload image to analyze'}
        </Button>
        {uploadError && (
          <p id="image-upload-error" data-slot="form-field-error" className="text-destructive text-sm">
            {uploadError}
          </p>
        )}
        <p id="image-upload-hint" className="text-xs text-muted-foreground">
          Its profile fills a new configuration. Images only, up to 5 MB.
        </p>
        {analysis && <ImageProfile analysis={analysis} />}
      </div>
      {form.configs.map((config, index) => (
        <ConfigCard
          key={config.id}
          config={config}
          index={index}
          canRemove={form.configs.length > 1}
          disabled={tool.busy}
          promptError={index === 0 ? tool.error('configs') : null}
          onChange={(next) =>
            setConfigs((configs) => configs.map((entry) => (entry.id === next.id ? next : entry)))
          }
          onRemove={() => setConfigs((configs) => configs.filter((entry) => entry.id !== config.id))}
        />
      ))}
      <Button type="button" variant="outline" onClick={() => addConfig()} disabled={tool.busy}>
        <Plus aria-hidden="true" />
        Add configuration
      </Button>
      <PlainSelect
        id="image-model"
        label="Model"
        value={form.model}
        options={MODEL_OPTIONS}
        onChange={(model) => tool.update((current) => withModel(current, model))}
        disabled={tool.busy}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <PlainSelect
          id="image-size"
          label="Size"
          options={sizeOptions(form.model)}
          {...tool.choice('size')}
        />
        <PlainSelect
          id="image-format"
          label="Output format"
          options={formatOptions(form.model)}
          {...tool.choice('outputFormat')}
        />
        <PlainSelect
          id="image-quality"
          label="Quality"
          options={qualityOptions(form.model)}
          {...tool.choice('quality')}
        />
      </div>
      {showsCompression(form) && (
        <FormField label={`Compression: ${form.compression}%`} htmlFor="image-compression">
          <input
            id="image-compression"
            type="range"
            min={0}
            max={100}
            step={5}
            value={form.compression}
            onChange={(event) => tool.set('compression', Number(event.target.value))}
            disabled={tool.busy}
          />
        </FormField>
      )}
      <FormField
        label="Number of images"
        htmlFor="image-count"
        hint={`1 to ${maxImages(form.model)} per prompt`}
      >
        <Input
          id="image-count"
          type="number"
          min={1}
          max={maxImages(form.model)}
          value={form.numberOfImages}
          onChange={(event) =>
            tool.set(
              'numberOfImages',
              Math.min(maxImages(form.model), Math.max(1, Math.floor(Number(event.target.value) || 1))),
            )
          }
          disabled={tool.busy}
        />
      </FormField>
      {takesUserKey(form.model) && (
        <FormField
          label="Image model API key (optional)"
          htmlFor="image-api-key"
          hint="Used for this request only; never stored."
        >
          <Input id="image-api-key" type="password" autoComplete="off" {...tool.text('apiKey')} />
        </FormField>
      )}
      <ClientSelect
        label="Client (optional)"
        {...clientList}
        {...tool.choice('clientId')}
        error={tool.error('clientId')}
      />
      {hasClients && (
        <CheckField id="image-save" label="Save to client profile" {...tool.check('saveToClient')} />
      )}
      <GenerateButton
        label="Generate Images"
        run={run}
        disabled={form.configs.every((config) => config.prompt === '')}
      />
      {run.generating && (
        <p className="text-sm text-muted-foreground" role="status">
          {progressStatus(run.job.progress, Math.max(1, promptCount))}
        </p>
      )}
    </SettingsCard>
  );

  const images = arrived && !cleared ? arrived.images : [];
  const download = (index: number) => {
    const image = images[index];
    const shown = image ? gallery.get(image.url) : undefined;
    if (!image || !shown) {
      showError(IMAGE_MESSAGES.downloadFailed);
      return;
    }
    const extension = image.url.slice(image.url.lastIndexOf('.') + 1);
    const name = imageDownloadName(image.prompt, index, extension, new Date());
    // A cropped image is the file in the page; any other downloads from the media bucket.
    if (shown.local) downloadObjectUrl(shown.src, name);
    else downloadMedia(shown.src, name);
  };

  const result = (
    <ToolResultCard
      run={run}
      title="Images"
      readyMessage={`${images.length} images ready`}
      actions={
        <Button
          type="button"
          variant="outline"
          onClick={() => setCleared(true)}
          disabled={images.length === 0 || run.generating}
        >
          Clear All
        </Button>
      }
    >
      {images.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {images.map((image, index) => (
            <li key={image.url} className="grid gap-2 rounded-lg border p-2" data-testid="gallery-image">
              {gallery.get(image.url) ? (
                <img
                  src={gallery.get(image.url)?.src}
                  alt={image.prompt}
                  width={gallery.get(image.url)?.width ?? image.width}
                  height={gallery.get(image.url)?.height ?? image.height}
                  className="h-auto w-full rounded-md"
                  onError={() => reload(image.url)}
                />
              ) : (
                <div className="aspect-square w-full animate-pulse rounded-md bg-muted" />
              )}
              <p className="line-clamp-2 text-xs text-muted-foreground">{image.prompt}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => download(index)}>
                <Download aria-hidden="true" />
                Download
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="grid place-items-center gap-2 py-10 text-center text-sm text-muted-foreground">
          <ImagePlus aria-hidden="true" className="size-8" />
          Generated images will appear here.
        </div>
      )}
    </ToolResultCard>
  );

  return (
    <ToolPage
      title="AI Image Generator"
      description="Create images from prompts, or from the profile of an uploaded picture."
      settings={settings}
      result={result}
    />
  );
}
