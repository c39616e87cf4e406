import type { MediaToolId } from '#shared/tools/catalog';
import type { RegisteredMediaTool } from './media-tool';

/**
 * The media worker's tools by job kind (the media tools of shared/tools/catalog.ts: a missing one fails
 * to compile), loaded on first use so one kind never pays for another.
 */
const loaders: { readonly [K in MediaToolId]: () => Promise<RegisteredMediaTool> } = {
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

export function isMediaToolName(name: string): name is MediaToolId {
  return Object.hasOwn(loaders, name);
}

export async function findMediaTool(name: string): Promise<RegisteredMediaTool | undefined> {
  return isMediaToolName(name) ? loaders[name]() : undefined;
}
