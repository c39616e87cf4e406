import type { CreateUploadResponse } from '#shared/media-upload';
import { imageTransport } from '#shared/tools/image-analysis';
import { IMAGE_MESSAGES } from '#shared/tools/image-generation';
import { ApiError, api } from './api-client';

/** How an image tool's body names its image: inline, or by an upload's key (shared/media-upload.ts). */
export type ImageSource = { readonly image: string } | { readonly imageKey: string };

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * A file the user picked (already checked: uploadProblem), as an image tool takes it: inline when its
 * base64 fits the route's JSON body, otherwise uploaded straight to the media bucket through a presigned
 * POST first, its fields before the file as S3 requires.
 */
export async function imageSourceOf(file: File): Promise<ImageSource> {
  if (imageTransport(file.size) === 'inline') return { image: await readAsBase64(file) };
  const upload = await api.post<CreateUploadResponse>('/api/media/uploads', {
    contentType: file.type,
    size: file.size,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const stored = await fetch(upload.url, { method: 'POST', body: form });
  // S3 answers XML; what it refused is the file as the spec words it.
  if (!stored.ok) {
    const code = /<Code>([^<]+)<\/Code>/.exec(await stored.text())?.[1] ?? 'UPLOAD_FAILED';
    if (code === 'EntityTooLarge') throw new ApiError(stored.status, code, IMAGE_MESSAGES.fileTooLarge, true);
    throw new ApiError(stored.status, code, 'The image could not be uploaded.');
  }
  return { imageKey: upload.key };
}
