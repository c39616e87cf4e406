import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the README and docs/*.md name must exist, so a reader who follows one lands on
 * the file (docs/testing.md, "Documentation"). A backticked word names a path when it has a slash or a
 * known extension; a markdown link names one when it is not a URL. A path that starts with one of the
 * repository's top-level entries must exist as written; a shorter one (`compose/topic.ts`, written
 * inside a section about that folder) must be the end of some file's path. A section a code comment cites
 * (`docs/architecture.md, "Budgets"`) must be in that document.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What a run or a build writes, never the repository's own files. */
const GENERATED = new Set(['node_modules', '.git', '.data', 'test-results', 'dist', 'cdk.out', 'coverage']);
const EXTENSIONS = /\.(ts|tsx|mjs|cjs|js|json|md|sh|grit|css|html|ya?ml|toml|txt|svg|png|ttf|csv)$/;

function repositoryFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    if (GENERATED.has(entry.name)) return [];
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    return entry.isDirectory() ? [`${path}/`, ...repositoryFiles(path)] : [path];
  });
}

const files = repositoryFiles('');
const manifest: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } =
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** Package names such as `harper.js` look like file names. */
const packages = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
const topLevel = new Set(
  files.filter((path) => !path.slice(0, -1).includes('/')).map((path) => path.split('/')[0]),
);

function exists(path: string): boolean {
  try {
    statSync(join(root, path));
    return true;
  } catch {
    return false;
  }
}

/** The words of a backticked span that name a path, trimmed of the punctuation around them. */
function backtickedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
  return spans
    .flatMap((span) => span.split(/\s+/))
    .map((word) => word.replace(/^[("'[]+|[)"',.:;\]]+$/g, ''))
    .filter((word) => word.includes('/') || EXTENSIONS.test(word))
    .filter((word) => !/[{}<>*$?=|\\@]|^\.*$|^-|^https?:|^node:|^\/|^~/.test(word));
}

/** Markdown link targets that are files of the repository, as paths from its root. */
function linkedPaths(markdown: string, file: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target))
    .map((target) => normalize(relative(root, join(root, dirname(file), target))));
}

function isDead(path: string): boolean {
  if (packages.has(path)) return false;
  const first = path.replace(/^\.\//, '').split('/')[0] ?? '';
  if (GENERATED.has(first) || (first === 'frontend' && path.startsWith('frontend/dist'))) return false;
  if (topLevel.has(first) || path.startsWith('./') || path.startsWith('../')) return !exists(path);
  // A package specifier (`zod/mini`, `@smithy/core`) has no extension and names no repository folder.
  if (!EXTENSIONS.test(path) && !path.endsWith('/')) return false;
  return !files.some((file) => file === path || file.endsWith(`/${path}`));
}

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** `docs/x.md, "Section"` in a comment: the section's name, as a reader searches the document for it. */
function citedSections(source: string): { document: string; section: string }[] {
  const citation = /docs\/([a-z-]+\.md)[,\s(]*(?:"([^"\n]+)"|'([^'\n]+)'|“([^”\n]+)”)/g;
  return [...source.matchAll(citation)].map((match) => ({
    document: `docs/${match[1]}`,
    section: match[2] ?? match[3] ?? match[4] ?? '',
  }));
}

/** What a citation can name in a document: its headings and the bold lead-ins of its points. */
function titlesOf(document: string): string[] {
  if (!exists(document)) return [];
  const markdown = readFileSync(join(root, document), 'utf8');
  const headings = [...markdown.matchAll(/^#+ (.+)$/gm)].map((match) => match[1] ?? '');
  // A point's lead, not any bold text: a glob such as `frontend/src/**/*.tsx` would pair the asterisks wrongly.
  const leads = [...markdown.matchAll(/^\s*- \*\*(.+?)\*\*/gm)].map((match) => match[1] ?? '');
  return [...headings, ...leads];
}

describe('the paths the README and docs/ name', () => {
  it.each(documents)('%s names only paths that exist', (document) => {
    const markdown = readFileSync(join(root, document), 'utf8');
    const named = [...backtickedPaths(markdown), ...linkedPaths(markdown, document)];
    expect(named.filter(isDead)).toEqual([]);
  });

  it('every section a comment cites is in its document', () => {
    const sources = files.filter(
      (file) => /\.(ts|tsx|mjs|sh|grit)$/.test(file) && file !== 'test/unit/docs-paths.test.ts',
    );
    const missing = sources.flatMap((file) =>
      citedSections(readFileSync(join(root, file), 'utf8'))
        .filter(({ document, section }) => !titlesOf(document).some((title) => title.includes(section)))
        .map(({ document, section }) => `${file}: ${document}, "${section}"`),
    );
    expect(missing).toEqual([]);
  });

  it('reads a cited section whichever quotes it is in', () => {
    expect(
      citedSections(
        `(docs/architecture.md, "Budgets") and docs/decisions.md 'Approval steps' and docs/history.md (“The SDK”)`,
      ),
    ).toEqual([
      { document: 'docs/architecture.md', section: 'Budgets' },
      { document: 'docs/decisions.md', section: 'Approval steps' },
      { document: 'docs/history.md', section: 'The SDK' },
    ]);
  });

  it('sees a dead path for what it is', () => {
    const markdown =
      'See `functions/no-such-handler.ts`, `compose/no-such.ts` and [the guide](no-such-guide.md).';
    expect([...backtickedPaths(markdown), ...linkedPaths(markdown, 'docs/x.md')].filter(isDead)).toEqual([
      'functions/no-such-handler.ts',
      'compose/no-such.ts',
      'docs/no-such-guide.md',
    ]);
  });

  it('takes package specifiers, URLs and generated folders for what they are', () => {
    const markdown =
      '`zod/mini`, `harper.js`, `@aws-sdk/client-s3`, `/api/clients`, `.data/dynamodb`, `frontend/dist`, `http://localhost:3000`, `npx vitest run --project unit test/unit/docs-paths.test.ts`';
    expect(backtickedPaths(markdown).filter(isDead)).toEqual([]);
    expect(backtickedPaths(markdown)).toContain('test/unit/docs-paths.test.ts');
  });
});
