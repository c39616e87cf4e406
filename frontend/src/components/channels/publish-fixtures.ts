import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { API_URL, apiServer, apiUrl } from '@/testing/api-server';

/**
 * For the component tests of the screens that publish an image: its signing answered, and the browser's
 * image loading, which happy-dom does not do, stubbed (undo it with `vi.unstubAllGlobals()`).
 */

/** Each signed image is `size` pixels. */
export function imagesAre(size: { width: number; height: number }) {
  apiServer.use(
    http.post(apiUrl('/api/media/sign'), async ({ request }) => {
      const { urls } = (await request.json()) as { urls: string[] };
      return HttpResponse.json({
        urls: urls.map((url) => ({ url, signedUrl: `${API_URL}${url}?token=t`, expiresAt: '' })),
      });
    }),
  );
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      naturalWidth = 0;
      naturalHeight = 0;
      set src(_: string) {
        setTimeout(() => {
          this.naturalWidth = size.width;
          this.naturalHeight = size.height;
          this.onload?.();
        }, 0);
      }
    },
  );
}
