import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and test titles give their reason and cite the docs section that explains it, never an issue
 * number (docs/testing.md, "Documentation"): a reader of the code has the docs, not the tracker. Every
 * tracked source file is read; a line citing an issue fails the test with its file and line.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Lines that must keep an issue number because it is user-visible (rendered, returned by the API or
 * in the OpenAPI document), as `file` and a substring of the line. None today.
 */
const USER_VISIBLE_ALLOWED: { file: string; substring: string }[] = [];

/** "issue 15", "Issue 41:", "issues 33 and 42", "issue 9 #4": anywhere on a line. */
const ISSUE_WORD = /\bissues?\s+#?\d+/i;
/**
 * "#34" or "(#5)" in a comment or a test title. One or two digits: the project's issue numbers have
 * two, while a three- or six-digit `#123` in a comment is a hex colour; an HTML entity (`&#39;`) has
 * `&` before it and `;` after.
 */
const HASH_NUMBER = /(?:^|[\s(,;[])#\d{1,2}\b(?!;)/;
const TEST_TITLE = /\b(?:describe|it|test)(?:\.\w+)*\(\s*['"`]/;

function isSource(file: string): boolean {
  return /\.(ts|tsx|mjs|sh|grit)$/.test(file) || file.startsWith('.ci/');
}

/** The part of a line that is a comment, by the file's language; '' when the line has none. */
function commentOf(line: string, shell: boolean): string {
  if (shell) {
    const hash = line.search(/(?:^|\s)#/);
    return hash < 0 ? '' : line.slice(hash);
  }
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return trimmed;
  // A `//` after code, not the one in `https://`.
  const slashes = line.search(/(?:^|[^:])\/\/(?!\/)/);
  return slashes < 0 ? '' : line.slice(slashes);
}

/** The lines of `source` that cite an issue, as 1-based line numbers. */
function citingLines(source: string, shell: boolean): number[] {
  return source.split('\n').flatMap((line, index) => {
    const comment = commentOf(line, shell);
    const cites =
      ISSUE_WORD.test(line) || HASH_NUMBER.test(comment) || (TEST_TITLE.test(line) && HASH_NUMBER.test(line));
    return cites ? [index + 1] : [];
  });
}

function trackedSources(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && isSource(file))
    .filter((file) => file !== 'test/unit/no-issue-citations.test.ts');
}

describe('comments cite the docs, not issue numbers', () => {
  it('no tracked source file cites an issue number in a comment or a test title', () => {
    const found = trackedSources().flatMap((file) => {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      const shell = file.endsWith('.sh') || file.startsWith('.ci/');
      return citingLines(lines.join('\n'), shell)
        .filter((number) => {
          const line = lines[number - 1] ?? '';
          return !USER_VISIBLE_ALLOWED.some(
            (allowed) => allowed.file === file && line.includes(allowed.substring),
          );
        })
        .map((number) => `${file}:${number}: ${(lines[number - 1] ?? '').trim()}`);
    });
    expect(found).toEqual([]);
  });

  it('finds the citations it is for', () => {
    const source = [
      '// The budget warning (issue 34 item 4).',
      ' * Issue 41: the agency zone.',
      " * issues 33 and 42's fields",
      '/* see #34 */',
      "it('keeps the title (#5)', () => {});",
      "const label = 'issue 12';",
    ].join('\n');
    expect(citingLines(source, false)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(citingLines('# measured once (issue 26 item 4)\necho "#1"', true)).toEqual([1]);
  });

  it('leaves colours, entities, selectors and URLs alone', () => {
    const source = [
      "const border = '#000'; // black, #111 on hover",
      "const quote = '&#39;'; // the entity &#39; for '",
      '// a link to https://example.com/#12 in the text',
      'const selector = \'a[href="#main"]\';',
      "element('p', 'x', 'color:#111');",
      'const issues = list.map((issue) => issue.id);',
    ].join('\n');
    expect(citingLines(source, false)).toEqual([]);
  });
});
