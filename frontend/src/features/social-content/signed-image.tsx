import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { showError, showToast } from '@/components/tool/tool-toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { downloadMedia, signMediaUrls } from '@/lib/media-urls';

/** The signed URL of an /api/media path (null until signed, or when there is no path). */
export function useSignedMediaUrl(path: string | null): string | null {
  const [signed, setSigned] = useState<string | null>(null);
  useEffect(() => {
    setSigned(null);
    if (!path) return;
    let current = true;
    signMediaUrls([path])
      .then((urls) => {
        if (current) setSigned(urls.get(path) ?? null);
      })
      .catch((error: unknown) => showError(errorMessage(error, 'Failed to load image')));
    return () => {
      current = false;
    };
  }, [path]);
  return signed;
}

/** A generated image with its size and a Download button (the GBP and social result cards). */
export function SignedImage({
  path,
  alt,
  width,
  height,
  fileName,
  downloadLabel = 'Download',
  downloadFailed,
  downloaded,
}: {
  path: string;
  alt: string;
  width: number;
  height: number;
  fileName: string;
  downloadLabel?: string;
  downloadFailed: string;
  downloaded: string;
}) {
  const url = useSignedMediaUrl(path);
  return (
    <figure className="grid gap-2">
      {url ? (
        <img
          src={url}
          alt={alt}
          className="w-full rounded-md border object-contain"
          style={{ aspectRatio: `${width} / ${height}` }}
        />
      ) : (
        <div
          className="w-full animate-pulse rounded-md bg-muted"
          style={{ aspectRatio: `${width} / ${height}` }}
        />
      )}
      <figcaption className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {width} x {height} px
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            if (!url) {
              showError(downloadFailed);
              return;
            }
            downloadMedia(url, fileName);
            showToast({ title: downloaded, description: fileName }, 'success');
          }}
        >
          <Download aria-hidden="true" />
          {downloadLabel}
        </Button>
      </figcaption>
    </figure>
  );
}
