import { useEffect, useState } from 'react';
import { signMediaUrls, withSignedMedia } from '@/lib/media-urls';
import { cn } from '@/lib/utils';
import { HtmlFrame } from './html-frame';
import { itemMediaPaths, type SavedImage, withImageGallery } from './item-media';

interface SignedHtmlFrameProps {
  readonly html: string;
  /** The item's client: the server lets a colleague sign media its library item lists. */
  readonly clientId: string;
  readonly images?: readonly SavedImage[];
  readonly title: string;
  readonly className?: string;
}

/**
 * A library item's HTML in the sandboxed frame, with its /api/media images signed first: a tag cannot
 * send the session, so each path gets a short-lived token (one hour; signing on every open is enough).
 * Until signing answers the frame waits, so no request goes out without a token; if signing fails the
 * HTML is shown as stored.
 */
export function SignedHtmlFrame({ html, clientId, images = [], title, className }: SignedHtmlFrameProps) {
  const shown = withImageGallery(html, images);
  // A string, so the effect runs again only when the set of paths (or the client) changes.
  const pathsKey = itemMediaPaths(html, images).join('\n');
  const wanted = `${clientId}\n${pathsKey}`;
  const [signed, setSigned] = useState<{ for: string; urls: ReadonlyMap<string, string> } | null>(null);

  useEffect(() => {
    if (pathsKey === '') return;
    let current = true;
    signMediaUrls(pathsKey.split('\n'), clientId)
      .catch(() => new Map<string, string>())
      .then((urls) => {
        if (current) setSigned({ for: `${clientId}\n${pathsKey}`, urls });
      });
    return () => {
      current = false;
    };
  }, [clientId, pathsKey]);

  if (pathsKey !== '' && signed?.for !== wanted) {
    return (
      <div
        className={cn('min-h-[400px] w-full rounded-md border bg-white', className)}
        aria-busy="true"
        data-testid="signing-media"
      />
    );
  }
  return (
    <HtmlFrame html={withSignedMedia(shown, signed?.urls ?? new Map())} title={title} className={className} />
  );
}
