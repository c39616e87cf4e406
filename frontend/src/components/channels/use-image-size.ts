import { useEffect, useState } from 'react';
import { signMediaUrls } from '@/lib/media-urls';

/** An attached image as the composer knows it: its signed address to show, and its pixel size to check. */
export type AttachedImage =
  | { readonly state: 'reading' }
  | { readonly state: 'read'; readonly src: string; readonly width: number; readonly height: number }
  | { readonly state: 'unreadable'; readonly src: string | null };

/**
 * Signs an /api/media path and loads it to read its natural size: what Instagram's ratio rule is checked
 * against (shared/channel-rules.ts), as the server checks the stored file. Null without a path.
 */
export function useImageSize(path: string | null, clientId: string): AttachedImage | null {
  const [image, setImage] = useState<AttachedImage | null>(null);
  useEffect(() => {
    if (!path) {
      setImage(null);
      return;
    }
    let live = true;
    setImage({ state: 'reading' });
    const loader = new Image();
    signMediaUrls([path], clientId).then(
      (urls) => {
        const src = urls.get(path);
        if (!live) return;
        if (!src) {
          setImage({ state: 'unreadable', src: null });
          return;
        }
        loader.onload = () => {
          if (live)
            setImage({ state: 'read', src, width: loader.naturalWidth, height: loader.naturalHeight });
        };
        loader.onerror = () => {
          if (live) setImage({ state: 'unreadable', src });
        };
        loader.src = src;
      },
      () => {
        if (live) setImage({ state: 'unreadable', src: null });
      },
    );
    return () => {
      live = false;
      loader.onload = null;
      loader.onerror = null;
    };
  }, [path, clientId]);
  return image;
}
