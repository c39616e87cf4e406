import type QuillType from 'quill';
import { type RefObject, useEffect, useRef, useState } from 'react';
import {
  WORDPRESS_EDITOR_FONT_SIZES,
  WORDPRESS_EDITOR_HEIGHT,
  WORDPRESS_IMAGE_ACCEPT,
  WORDPRESS_IMAGE_MEDIA_TYPES,
} from '#shared/wordpress';
import { Skeleton } from '@/components/ui/skeleton';
import './quill-editor.css';
import { readableRuns } from './readable-colours';

const PICKER_NAMES: Readonly<Record<string, string>> = {
  'ql-header': 'Heading',
  'ql-size': 'Font size',
  'ql-color': 'Text colour',
  'ql-background': 'Highlight colour',
  'ql-align': 'Alignment',
};

const BUTTON_NAMES: readonly [selector: string, name: string][] = [
  ['.ql-bold', 'Bold'],
  ['.ql-italic', 'Italic'],
  ['.ql-underline', 'Underline'],
  ['.ql-strike', 'Strikethrough'],
  ['.ql-list[value="ordered"]', 'Numbered list'],
  ['.ql-list[value="bullet"]', 'Bulleted list'],
  ['.ql-blockquote', 'Quote'],
  ['.ql-link', 'Link'],
  ['.ql-image', 'Insert image'],
  ['.ql-clean', 'Clear formatting'],
];

const ALIGN_NAMES: Readonly<Record<string, string>> = {
  center: 'Align centre',
  right: 'Align right',
  justify: 'Justify',
};

/** What an option of a picker is called: the pickers show icons, colour swatches or CSS-made labels. */
function pickerItemName(picker: string, value: string): string {
  switch (picker) {
    case 'ql-header':
      return value === '' ? 'Normal text' : `Heading ${value}`;
    case 'ql-size':
      return value === '' ? 'Normal size' : value.replace(/pt$/, ' pt');
    case 'ql-align':
      return ALIGN_NAMES[value] ?? 'Align left';
    default:
      return value === '' ? 'Default colour' : `Colour ${value}`;
  }
}

/**
 * Quill's pickers are `span[role=button]` without a name, and its option swatches have none either
 * (axe: aria-command-name). Every toolbar control gets a name people can hear.
 */
function nameToolbar(toolbar: HTMLElement): void {
  for (const [selector, name] of BUTTON_NAMES) {
    for (const button of toolbar.querySelectorAll(`button${selector}`))
      button.setAttribute('aria-label', name);
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const kind = Object.keys(PICKER_NAMES).find((name) => picker.classList.contains(name));
    if (!kind) continue;
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', PICKER_NAMES[kind] ?? kind);
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      item.setAttribute('aria-label', pickerItemName(kind, item.dataset.value ?? ''));
    }
  }
}

/** What the page reads from the editor when it publishes. */
export interface EditorHandle {
  html(): string;
}

export interface QuillEditorProps {
  initialHtml: string;
  handle: RefObject<EditorHandle | null>;
  /** Uploads a file to the site's media library and answers its URL; null when the upload failed. */
  uploadFile: (file: File) => Promise<string | null>;
  /** Uploads an image that arrived inline as a data URL; null when it failed. */
  uploadDataUrl: (dataUrl: string) => Promise<string | null>;
  /** How many uploads are under way (the page waits for them before publishing). */
  onUploadsChange: (pending: number) => void;
}

/**
 * The 001 §2 rich-text editor: Quill 2 with the snow theme, height 600 and font sizes 8pt–48pt (§9).
 * Quill and its CSS are imported when this component mounts, so they are never part of another route's
 * load. Images (toolbar, pasted or dropped files, pasted HTML with data-URL images) go to the site's
 * media library and the editor keeps only their URL.
 */
export function QuillEditor({
  initialHtml,
  handle,
  uploadFile,
  uploadDataUrl,
  onUploadsChange,
}: QuillEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // The callbacks change with every render of the page; the editor is built once and reads the latest.
  const callbacks = useRef({ uploadFile, uploadDataUrl, onUploadsChange });
  callbacks.current = { uploadFile, uploadDataUrl, onUploadsChange };
  const initial = useRef(initialHtml);

  useEffect(() => {
    let cancelled = false;
    let quill: QuillType | null = null;
    let pending = 0;
    const track = async <T,>(work: Promise<T>): Promise<T> => {
      pending += 1;
      callbacks.current.onUploadsChange(pending);
      try {
        return await work;
      } finally {
        pending -= 1;
        callbacks.current.onUploadsChange(pending);
      }
    };

    const build = async () => {
      const [{ default: Quill, Delta }] = await Promise.all([
        import('quill'),
        import('quill/dist/quill.snow.css'),
      ]);
      const container = host.current;
      if (cancelled || !container) return;
      const Parchment = Quill.import('parchment');
      Quill.register(
        new Parchment.StyleAttributor('size', 'font-size', {
          scope: Parchment.Scope.INLINE,
          whitelist: [...WORDPRESS_EDITOR_FONT_SIZES],
        }),
        true,
      );

      const insertImages = async (index: number, files: readonly File[]) => {
        let at = index;
        for (const file of files) {
          const url = await track(callbacks.current.uploadFile(file));
          if (url && quill) {
            quill.insertEmbed(at, 'image', url, 'user');
            at += 1;
            quill.setSelection(at, 0, 'silent');
          }
        }
      };

      const pickImage = () => {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = WORDPRESS_IMAGE_ACCEPT;
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          const index = quill?.getSelection(true)?.index ?? quill?.getLength() ?? 0;
          if (file) void insertImages(index, [file]);
        });
        input.click();
      };

      container.innerHTML = '';
      const area = document.createElement('div');
      // 001 §9: the editing area is 600 high; the toolbar sits above it.
      area.style.height = `${WORDPRESS_EDITOR_HEIGHT}px`;
      container.appendChild(area);
      quill = new Quill(area, {
        theme: 'snow',
        placeholder: 'Write your post…',
        modules: {
          toolbar: {
            container: [
              [{ header: [1, 2, 3, 4, false] }],
              // false is text without a size of its own (the snow theme calls it Normal).
              [{ size: [false, ...WORDPRESS_EDITOR_FONT_SIZES] }],
              ['bold', 'italic', 'underline', 'strike'],
              [{ color: [] }, { background: [] }],
              [{ list: 'ordered' }, { list: 'bullet' }, { align: [] }],
              ['blockquote', 'link', 'image'],
              ['clean'],
            ],
            handlers: { image: pickImage },
          },
          // Pasted and dropped image files: uploaded, then inserted by URL.
          uploader: {
            mimetypes: [...WORDPRESS_IMAGE_MEDIA_TYPES],
            handler: (range: { index: number; length: number }, files: File[]) => {
              if (range.length > 0) quill?.deleteText(range.index, range.length, 'user');
              void insertImages(range.index, files);
            },
          },
        },
      });
      const toolbar = quill.getModule('toolbar') as { container?: HTMLElement } | undefined;
      if (toolbar?.container) nameToolbar(toolbar.container);
      quill.root.style.minHeight = '100%';
      if (initial.current) {
        // As dangerouslyPasteHTML does, with every run's colours made readable first.
        const loaded = quill.clipboard.convert({ html: initial.current, text: '' });
        quill.setContents(new Delta(readableRuns(loaded.ops)), 'silent');
        quill.setSelection(0, 'silent');
      }
      quill.history.clear();

      // Pasted HTML may carry images as data URLs: each is uploaded and swapped for its URL.
      const swapping = new Set<string>();
      quill.on('text-change', () => {
        if (!quill) return;
        const inline = [...quill.root.querySelectorAll<HTMLImageElement>('img[src^="data:"]')];
        for (const image of inline) {
          const dataUrl = image.getAttribute('src') ?? '';
          if (swapping.has(dataUrl)) continue;
          swapping.add(dataUrl);
          void track(callbacks.current.uploadDataUrl(dataUrl)).then((url) => {
            swapping.delete(dataUrl);
            if (!quill) return;
            for (const same of quill.root.querySelectorAll<HTMLImageElement>('img[src^="data:"]')) {
              if (same.getAttribute('src') !== dataUrl) continue;
              const blot = Quill.find(same);
              if (!blot || blot instanceof Quill) continue;
              const index = quill.getIndex(blot);
              quill.deleteText(index, 1, 'user');
              if (url) quill.insertEmbed(index, 'image', url, 'user');
            }
          });
        }
      });

      handle.current = {
        // Semantic HTML turns Quill's list markup into plain <ul>/<ol>; spaces stay spaces.
        html: () => (quill ? quill.getSemanticHTML().replace(/&nbsp;/g, ' ') : ''),
      };
      setReady(true);
    };
    void build();
    return () => {
      cancelled = true;
      handle.current = null;
      quill = null;
    };
  }, [handle]);

  return (
    <div className="wordpress-editor rounded-md border bg-background" data-testid="wordpress-editor">
      {!ready && <Skeleton className="w-full" style={{ height: WORDPRESS_EDITOR_HEIGHT }} />}
      <div ref={host} hidden={!ready} />
    </div>
  );
}
