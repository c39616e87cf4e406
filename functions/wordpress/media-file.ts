import { fileTypeFromBuffer } from 'file-type/core';
import { WORDPRESS_IMAGE_TYPES } from '#shared/wordpress';
import type { MediaFile } from './wordpress-site';
import { WordPressError } from './wordpress-site';

/**
 * What goes to a client's media library is what it says it is
 * (docs/decisions.md, "The outside probe's findings"): the bytes are the declared image type (file-type reads
 * the magic bytes), an SVG holds nothing that runs or loads (svg-safety.ts), and the file name is a plain
 * name in a safe character set whose extension matches the type. Each refusal is a 400 that says what is
 * wrong.
 */

const LABELS: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/svg+xml': 'SVG',
};

const MAX_STEM = 100;

function refused(message: string): WordPressError {
  return new WordPressError('wordpress_media_invalid', message, 400);
}

function extensionsOf(mimeType: string): string[] {
  return Object.entries(WORDPRESS_IMAGE_TYPES)
    .filter(([, type]) => type === mimeType)
    .map(([extension]) => extension);
}

/**
 * A name WordPress and every web server take as it is: no folders, letters, digits, `.`, `_` and `-`
 * only (runs of anything else become one `-`), and an extension of the declared type (added when the
 * name has none; a name with another extension, `evil.php`, is refused).
 */
export function safeMediaFileName(filename: string, mimeType: string): string {
  const raw = filename.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[/\\\u0000-\u001f]/.test(raw) || raw === '.' || raw === '..') {
    throw refused(`The file name "${raw.slice(0, 100)}" must be a name only, without folders.`);
  }
  const allowed = extensionsOf(mimeType);
  const dot = raw.lastIndexOf('.');
  const extension = dot > 0 ? raw.slice(dot + 1).toLowerCase() : '';
  const stem = dot > 0 ? raw.slice(0, dot) : raw;
  if (extension !== '' && !allowed.includes(extension)) {
    throw refused(
      `The file name "${raw}" ends in .${extension}, which is not a ${LABELS[mimeType] ?? mimeType} image: name it .${allowed[0] ?? 'img'}.`,
    );
  }
  const safeStem =
    stem
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, MAX_STEM) || 'image';
  return `${safeStem}.${extension || allowed[0] || 'img'}`;
}

/** The file as it may be uploaded (with its safe name), or a 400 that says why it may not. */
export async function checkedMediaFile(file: MediaFile): Promise<MediaFile> {
  const filename = safeMediaFileName(file.filename, file.mimeType);
  const label = LABELS[file.mimeType] ?? file.mimeType;
  if (file.mimeType === 'image/svg+xml') {
    const problem = (await import('./svg-safety')).svgProblem(file.bytes);
    if (problem) {
      throw refused(
        `"${filename}" cannot be uploaded: the SVG holds ${problem}, which could run code or load files on the client's site. Remove it, or upload a PNG, JPEG, GIF or WebP instead.`,
      );
    }
    return { ...file, filename };
  }
  const detected = await fileTypeFromBuffer(file.bytes);
  if (detected?.mime !== file.mimeType) {
    const actual = detected ? `${detected.mime} (.${detected.ext})` : 'not an image this upload takes';
    throw refused(
      `"${filename}" is not a ${label} image: its content is ${actual}. Upload the image file itself.`,
    );
  }
  return { ...file, filename };
}
