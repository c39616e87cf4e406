import type { RegisteredMediaTool } from './media-tool';

/** The media worker's tools by job kind, loaded on first use so one kind never pays for another. */
const loaders: Readonly<Record<string, () => Promise<RegisteredMediaTool>>> = {
  'image-generation': async () =>
    (await import('#functions/tools/image-generation/definition')).imageGenerationTool as RegisteredMediaTool,
  'text-to-speech': async () =>
    (await import('#functions/tools/text-to-speech/definition')).textToSpeechTool as RegisteredMediaTool,
  'gbp-image': async () =>
    (await import('#functions/tools/gbp-post/image-definition')).gbpImageTool as RegisteredMediaTool,
  'social-image': async () =>
    (await import('#functions/tools/social-content/image-definition')).socialImageTool as RegisteredMediaTool,
  'multi-platform': async () =>
    (await import('#functions/tools/multi-platform/definition')).multiPlatformTool as RegisteredMediaTool,
};

/** The job kinds the media worker runs. */
export const MEDIA_TOOL_NAMES: readonly string[] = Object.keys(loaders);

export function isMediaToolName(name: string): boolean {
  return Object.hasOwn(loaders, name);
}

export async function findMediaTool(name: string): Promise<RegisteredMediaTool | undefined> {
  const load = Object.hasOwn(loaders, name) ? loaders[name] : undefined;
  return load ? load() : undefined;
}
