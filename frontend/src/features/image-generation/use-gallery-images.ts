import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_MESSAGES } from '#shared/tools/image-generation';
import { showError } from '@/components/tool/tool-toast';
import { errorMessage } from '@/lib/api-client';
import { signMediaUrls } from '@/lib/media-urls';
import { cropToAspectRatio } from './aspect-crop';

/** An image of the gallery as the page can load it. */
export interface GalleryImage {
  /** A signed media URL, or an object URL of the cropped file (`local`). */
  readonly src: string;
  readonly local: boolean;
  /** The cropped size; undefined when the result's own size stands. */
  readonly width?: number;
  readonly height?: number;
}

/**
 * The job's images, ready to show, as they arrive: each media path is signed once (POST /api/media/sign)
 * and, for a model whose results are cut to the chosen ratio (`cropRatio`), cropped in the browser. A new
 * job starts a new gallery; the object URLs of the last one are freed.
 */
export function useGalleryImages(
  jobId: string | null,
  urls: readonly string[],
  cropRatio: string | null,
): { readonly images: ReadonlyMap<string, GalleryImage>; reload(url: string): void } {
  const [ready, setReady] = useState<ReadonlyMap<string, GalleryImage>>(new Map());
  const requested = useRef<{ jobId: string | null; urls: Set<string> }>({ jobId, urls: new Set() });
  const reloaded = useRef(new Set<string>());
  const [reloads, setReloads] = useState(0);
  const objectUrls = useRef<string[]>([]);

  useEffect(() => {
    requested.current = { jobId, urls: new Set() };
    reloaded.current = new Set();
    setReady(new Map());
    return () => {
      for (const url of objectUrls.current.splice(0)) URL.revokeObjectURL(url);
    };
  }, [jobId]);

  const wanted = urls.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` re-runs it for a released URL.
  useEffect(() => {
    const fresh = (wanted === '' ? [] : wanted.split('\n')).filter((url) => !requested.current.urls.has(url));
    if (fresh.length === 0) return;
    for (const url of fresh) requested.current.urls.add(url);
    const current = () => requested.current.jobId === jobId;
    const prepare = async () => {
      const signed = await signMediaUrls(fresh);
      for (const url of fresh) {
        const signedUrl = signed.get(url);
        if (!signedUrl) continue;
        let image: GalleryImage = { src: signedUrl, local: false };
        if (cropRatio) {
          try {
            const cropped = await cropToAspectRatio(signedUrl, cropRatio);
            objectUrls.current.push(cropped.url);
            image = { src: cropped.url, local: true, width: cropped.width, height: cropped.height };
          } catch (error) {
            // The uncropped image is still the user's result: shown, with what went wrong.
            showError(errorMessage(error, IMAGE_MESSAGES.processFailed));
          }
        }
        if (!current()) return;
        setReady((shown) => new Map(shown).set(url, image));
      }
    };
    prepare().catch((error: unknown) => {
      if (!current()) return;
      // Not signed: the next change of the gallery (or a reload) asks again.
      for (const url of fresh) requested.current.urls.delete(url);
      showError(errorMessage(error, IMAGE_MESSAGES.processFailed));
    });
  }, [wanted, jobId, cropRatio, reloads]);

  /** An image that failed to load is signed (and cropped) again, once: a link can lapse on a slow page. */
  const reload = useCallback((url: string) => {
    if (reloaded.current.has(url)) return;
    reloaded.current.add(url);
    requested.current.urls.delete(url);
    setReady((shown) => {
      const next = new Map(shown);
      next.delete(url);
      return next;
    });
    setReloads((count) => count + 1);
  }, []);

  return { images: ready, reload };
}
