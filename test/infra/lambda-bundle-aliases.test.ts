import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractReadable } from '#functions/commons/extract-readable';
import { sanitizeHtml } from '#functions/commons/sanitize-html';
import { LAMBDA_BUNDLE_ALIASES } from '#infra/lambda-bundle-aliases';
import { bundleLambdas, repositoryRoot } from '../../bench/lambda-bundles';
import { sharedLambdaBundles } from './shared-bundles';

/**
 * Issue 15 item 1: modules our dependencies import whole are swapped for lean ones inside Lambda bundles
 * (infra/lambda-bundle-aliases.ts). The HTML packages that sanitize-html and linkedom pull in (CommonJS
 * requires, namespace imports, default adapters; functions/commons/lambda-htmlparser2.ts,
 * lambda-postcss.ts, lambda-source-map.ts, lambda-domutils.ts, lambda-cssom.ts say what each keeps and
 * why), and `node:stream/web`, which middy imports for one `instanceof` test (lambda-stream-web.ts).
 * Local runs and the other tests are not bundled, so this one bundles the sanitizer and the page reader
 * with the stack's aliases and compares their output with the unbundled modules over a corpus of
 * hostile, styled and malformed HTML; checks that each swapped-out part fails loudly if reached; and
 * checks, over every Lambda's import graph, who imports the swapped modules and what stays out.
 */

/** Each swapped package, the module that replaces it, and the only packages allowed to import it. */
const SWAPS: Readonly<Record<string, { readonly target: string; readonly importers: readonly string[] }>> = {
  htmlparser2: {
    target: 'functions/commons/lambda-htmlparser2.ts',
    importers: ['sanitize-html', 'linkedom'],
  },
  postcss: { target: 'functions/commons/lambda-postcss.ts', importers: ['sanitize-html'] },
  'source-map-js': { target: 'functions/commons/lambda-source-map.ts', importers: ['postcss'] },
  domutils: { target: 'functions/commons/lambda-domutils.ts', importers: ['css-select'] },
  cssom: { target: 'functions/commons/lambda-cssom.ts', importers: ['linkedom'] },
  // fetch-blob (node-fetch's, in the workers) imports the web streams only where Node has no global
  // ReadableStream, which Lambda's Node always has.
  'node:stream/web': {
    target: 'functions/commons/lambda-stream-web.ts',
    importers: ['@middy/core', 'fetch-blob'],
  },
};

/** `…/node_modules/a/node_modules/@s/b/lib/x.js` → `@s/b`; app code → undefined. */
function packageOf(path: string): string | undefined {
  const parts = path.split('/');
  const index = parts.lastIndexOf('node_modules');
  if (index < 0) return undefined;
  const first = parts[index + 1] ?? '';
  return first.startsWith('@') ? `${first}/${parts[index + 2] ?? ''}` : first;
}

/** `…/node_modules/a/node_modules/b/lib/x.js` → `…/node_modules/a/node_modules/b`. */
function packageDirOf(path: string): string {
  const parts = path.split('/');
  const index = parts.lastIndexOf('node_modules');
  const name = packageOf(path) ?? '';
  return parts.slice(0, index + 1 + name.split('/').length).join('/');
}

function versionOf(packageDir: string): string {
  const manifest: unknown = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return (manifest as { version: string }).version;
}

/** Where `specifier` resolves for CommonJS code in `fromDir` (a package's own folder). */
function resolvedDir(fromDir: string, specifier: string): string {
  return packageDirOf(createRequire(join(fromDir, 'noop.js')).resolve(specifier));
}

// Fragments the generated cases are built from: markup the sanitizer must keep, drop or rewrite.
const TAGS = ['p', 'div', 'span', 'a', 'img', 'table', 'td', 'script', 'style', 'svg', 'iframe', 'b', 'xmp'];
const ATTRIBUTES = [
  'href="javascript:alert(1)"',
  'href="https://example.com/a?b=1&amp;c=2"',
  'href=" jav&#x09;ascript:x"',
  'src="data:image/png;base64,iVBORw0KGgo="',
  'src="data:image/svg+xml;base64,PHN2Zz4="',
  'onerror=alert(1)',
  'target="_BLANK"',
  'class="a b"',
  'title="&quot;&lt;x&gt;"',
  'width=600',
];
const STYLES = [
  'color: red',
  'color:#fff !important',
  'background:url(javascript:alert(1))',
  'background: #fff no-repeat',
  'font-family: "Helvetica Neue", Arial, sans-serif',
  'font: 12px/1.5 "a;b"',
  'padding: 0 10px; margin: auto',
  'border: 1px solid rgba(0,0,0,.5)',
  'width: expression(alert(1))',
  'color: red /* comment */',
  '/*# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozfQ== */ color: blue',
  '/*# sourceMappingURL=/etc/passwd */',
  'color: red; } p { color: blue',
  'color: "unclosed',
  'color: red; /* unclosed',
  '@import "x.css"; color: red',
  'color: r\\65 d',
  'text-align: center;;;',
  '{ color: red }',
  'content: "\\"}"; color: green',
  'font-size: 14px !IMPORTANT',
  'COLOR: Red',
  'line-height: 1.5; opacity: .9',
];
const TEXTS = [
  'Hello',
  '&eacute;t&eacute;',
  '&nbsp;',
  '&amp',
  '&notin;',
  '&#x1F600;',
  '<',
  '>',
  '"',
  "'",
  'a & b',
];

/** A deterministic generator (mulberry32), so every run checks the same cases. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generatedCases(count: number): string[] {
  const next = random(15);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const element = (depth: number): string => {
    const tag = pick(TAGS);
    const attributes = [pick(ATTRIBUTES), `style='${pick(STYLES)}; ${pick(STYLES)}'`]
      .filter(() => next() < 0.6)
      .join(' ');
    const inner = Array.from({ length: Math.floor(next() * 3) }, () =>
      depth > 0 && next() < 0.5 ? element(depth - 1) : pick(TEXTS),
    ).join('');
    // Some elements are left open or closed twice: the parser's recovery is part of the behaviour.
    const close = next() < 0.85 ? `</${tag}>` : next() < 0.5 ? '' : `</${tag}></${tag}>`;
    return `<${tag}${attributes ? ` ${attributes}` : ''}>${inner}${close}`;
  };
  return Array.from({ length: count }, () => element(3));
}

const HANDWRITTEN = [
  '',
  'plain text & more',
  '<p>Hello</p><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<svg><script>alert(1)</script></svg><math><mi>x</mi></math><p>ok</p>',
  '<style>body{background:url(x)}</style><p>a</p><STYLE>@import "x.css";</STYLE>',
  '<!DOCTYPE html><html><head><title>T</title></head><body><p>b</p></body></html>trailing',
  '<p style="color: red !important; position: fixed; z-index: 9999">x</p>',
  '<p style="background:u\\72l(https://evil.example/x)">x</p>',
  '<p style="/*# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbIi9ldGMvcGFzc3dkIl19 */color:red">x</p>',
  '<p style="color:red/*# sourceMappingURL=x.map */">x</p>',
  '<p style="}}}{{{">x</p>',
  '<p style="color: red; @media screen { color: blue }">x</p>',
  '<table width="600" cellpadding="0" style="border-collapse:collapse"><tr><td bgcolor="#fff" style="padding:10px 20px">Cell</td></tr></table>',
  '<a href="https://example.com" target="_blank" rel="opener">new tab</a>',
  '<a href="/x" target="evilwindow">named</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="a"><img src="DaTa&colon;image/svg+xml,<svg onload=alert(1)>">',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &copy; &NotANamedEntity; &#0; &#xD800;</p>',
  '<textarea><p>hidden</p></textarea><noscript><p>n</p></noscript><template><p>t</p></template>',
  '<p><b><i>mis</b>nested</i></p><li>orphan<li>items',
  '<!-- comment --><p>after<!-- unclosed',
  '<p title="a\u0000b" dir=rtl lang=ar>\u202Etext</p>',
  '<h1 id="x" class="y" onclick="z">Heading</h1><center>old</center><font color=red>font</font>',
  `<div style="${'color:red;'.repeat(200)}">long</div>`,
  `<p>${'<b>'.repeat(300)}deep${'</b>'.repeat(300)}</p>`,
];

const PAGES = [
  `<!DOCTYPE html><html><head><title>Fixing a dripping tap | Smith Plumbing</title>
   <meta property="og:site_name" content="Smith Plumbing"><style>p { color: red } nav { display: none }</style>
   <script>track()</script></head><body><nav><a href="/">Home</a><a href="/blog">Blog</a></nav>
   <article><h1>Fixing a dripping tap</h1>${'<p>A dripping tap wastes water &amp; money: turn off the supply, take the handle off, replace the washer and put it all back. It takes about twenty minutes with a spanner and a screwdriver.</p>'.repeat(6)}
   <pre>  step 1\n  step 2</pre><table><tr><td>Washer</td><td>&pound;2</td></tr></table></article>
   <footer>&copy; Smith Plumbing</footer></body></html>`,
  `<html><head><title>Greenleaf Landscaping</title><style media="screen">@import url(x.css);</style></head>
   <body><header><h1>Greenleaf</h1></header><main><h2>Gardens that grow with you</h2><p>Design, planting and care.</p>
   <ul><li>Lawns</li><li>Hedges</li></ul></main><aside hidden>Ad</aside><form><button>Go</button></form></body></html>`,
  '<p>Just a fragment with &eacute;t&eacute; and <br>a line break</p><style>x{}</style>',
  '<body><h1>Heading  title</h1><p>x</p></body>',
  '<head><meta name="application-name" content="App"></head><body><div role="navigation">menu</div><p>Body text</p></body>',
];

describe('Modules swapped in Lambda bundles', () => {
  const cache = join(repositoryRoot, 'node_modules', '.cache');
  let dir = '';
  let metafile: Metafile = { inputs: {}, outputs: {} };

  beforeAll(async () => {
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'lbm-html-alias-probe-'));
    // Every Lambda's import graph, as the stack bundles them (the run's shared bundles).
    const { bundles } = await sharedLambdaBundles();
    metafile = {
      inputs: Object.assign({}, ...[...bundles.values()].map((bundle) => bundle.inputs)),
      outputs: {},
    };
  }, 600_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('swaps each package in the stack and the bench (one alias table)', () => {
    for (const [name, { target }] of Object.entries(SWAPS)) {
      expect(LAMBDA_BUNDLE_ALIASES[name], name).toBe(`./${target}`);
    }
  });

  it('lets only the expected packages import a swapped one, in every Lambda', () => {
    const importers = new Map<string, Set<string>>();
    for (const [path, input] of Object.entries(metafile.inputs)) {
      for (const imported of input.imports) {
        const original = imported.original ?? '';
        const name = Object.keys(SWAPS).find(
          (swapped) => original === swapped || original.startsWith(`${swapped}/`),
        );
        if (name === undefined) continue;
        // A subpath import would become a path under the alias's file, and fail to build.
        expect(original, `${path} imports ${original}`).toBe(name);
        importers.set(name, (importers.get(name) ?? new Set()).add(packageOf(path) ?? path));
      }
    }
    for (const [name, { importers: allowed }] of Object.entries(SWAPS)) {
      expect([...(importers.get(name) ?? [])].sort(), `importers of ${name}`).toEqual([...allowed].sort());
    }
  });

  it('leaves the swapped-out code out of every Lambda', () => {
    const inputs = Object.keys(metafile.inputs);
    const leftOut = [
      /\/node_modules\/source-map-js\//,
      /\/node_modules\/domutils\//,
      /\/node_modules\/dom-serializer\//,
      /\/node_modules\/domhandler\//,
      /\/node_modules\/cssom\//,
      /\/htmlparser2\/dist\/commonjs\//,
      /\/node_modules\/postcss\/lib\/(postcss|lazy-result|processor|map-generator|no-work-result)\.js$/,
    ];
    expect(inputs.filter((input) => leftOut.some((pattern) => pattern.test(input)))).toEqual([]);
    // Still in: what the sanitizer and the page reader run.
    expect(inputs.some((input) => input.endsWith('/htmlparser2/dist/esm/Parser.js'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('node_modules/postcss/lib/parser.js'))).toBe(true);
  });

  it("bundles sanitize-html's own htmlparser2 and postcss, the version linkedom asks for", () => {
    const packageDirs = (name: string) => [
      ...new Set(
        Object.keys(metafile.inputs)
          .filter((input) => packageOf(input) === name)
          .map((input) => join(repositoryRoot, packageDirOf(input))),
      ),
    ];
    const sanitizeDir = dirname(createRequire(import.meta.url).resolve('sanitize-html'));
    const linkedomDir = resolvedDir(repositoryRoot, 'linkedom');
    const parserDir = resolvedDir(sanitizeDir, 'htmlparser2');
    expect(packageDirs('htmlparser2')).toEqual([parserDir]);
    expect(versionOf(resolvedDir(linkedomDir, 'htmlparser2'))).toBe(versionOf(parserDir));
    expect(packageDirs('postcss')).toEqual([resolvedDir(sanitizeDir, 'postcss')]);
    expect(relative(repositoryRoot, parserDir)).toBe('node_modules/sanitize-html/node_modules/htmlparser2');
  });

  describe('a probe bundled with the stack aliases', () => {
    interface Probe {
      sanitizeHtml(html: string): string;
      extractReadable(html: string, url: string): unknown;
      postcssWithMap(): unknown;
      defaultCssSelectAdapter(): unknown;
      styleSheet(): unknown;
      SwappedReadableStream: abstract new () => unknown;
      passThrough(): unknown;
    }
    let probe: Probe;
    let code = '';

    beforeAll(async () => {
      const source = join(dir, 'probe.ts');
      const fromRoot = (path: string) => JSON.stringify(join(repositoryRoot, path));
      writeFileSync(
        source,
        [
          `export { sanitizeHtml } from ${fromRoot('functions/commons/sanitize-html.ts')};`,
          `export { extractReadable } from ${fromRoot('functions/commons/extract-readable.ts')};`,
          "import { parse } from 'postcss';",
          "import { is } from 'css-select';",
          "import { parseHTML } from 'linkedom';",
          // A caller that asks postcss for the source map a stylesheet names.
          "export const postcssWithMap = () => parse('a{}/*# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozfQ== */', { from: 'x.css' });",
          // css-select without an adapter falls back to domutils.
          "export const defaultCssSelectAdapter = () => is({ type: 'tag', name: 'p', attribs: {}, children: [] }, 'p');",
          "export const styleSheet = () => parseHTML('<html><head><style>p{color:red}</style></head></html>').document.querySelector('style').sheet;",
          "export { ReadableStream as SwappedReadableStream } from 'node:stream/web';",
          "import { PassThrough } from 'node:stream';",
          'export const passThrough = () => new PassThrough();',
          '',
        ].join('\n'),
      );
      const bundle = (
        await bundleLambdas([{ id: 'HtmlAliasProbe', entry: source, kind: 'http', external: [] }])
      ).get('HtmlAliasProbe');
      code = bundle?.code ?? '';
      const file = join(dir, 'probe.mjs');
      writeFileSync(file, code);
      probe = (await import(pathToFileURL(file).href)) as Probe;
    }, 120_000);

    it('holds the replacement modules', () => {
      expect(code).toContain('Source maps are left out of Lambda bundles');
      expect(code).toContain('domutils is left out of Lambda bundles');
      expect(code).toContain('Stylesheet parsing (cssom) is left out of Lambda bundles');
      expect(code).not.toMatch(/["']node:stream\/web["']/);
    });

    it("answers middy's ReadableStream test as Node's web streams would", () => {
      expect(new globalThis.ReadableStream() instanceof probe.SwappedReadableStream).toBe(true);
      expect(probe.passThrough() instanceof probe.SwappedReadableStream).toBe(false);
      expect({} instanceof probe.SwappedReadableStream).toBe(false);
    });

    it('sanitizes as the unbundled sanitizer does: hostile, styled and malformed HTML', () => {
      const corpus = [...HANDWRITTEN, ...generatedCases(400)];
      const bundled = corpus.map((html) => probe.sanitizeHtml(html));
      const unbundled = corpus.map((html) => sanitizeHtml(html));
      for (const [index, html] of corpus.entries()) {
        expect(bundled[index], html).toBe(unbundled[index]);
      }
      // The corpus reaches the style parser: some styles survive, some are cut.
      expect(unbundled.filter((html) => html.includes('style="')).length).toBeGreaterThan(50);
      expect(unbundled.some((html) => html.includes('style="color:red"'))).toBe(true);
    });

    it('reads pages as the unbundled page reader does, <style> elements included', () => {
      for (const page of PAGES) {
        expect(probe.extractReadable(page, 'https://smith.example/blog/tap')).toEqual(
          extractReadable(page, 'https://smith.example/blog/tap'),
        );
      }
    });

    it('fails loudly where a swapped-out part would be reached', () => {
      expect(() => probe.postcssWithMap()).toThrow('Source maps are left out of Lambda bundles');
      expect(() => probe.defaultCssSelectAdapter()).toThrow('domutils is left out of Lambda bundles');
      expect(() => probe.styleSheet()).toThrow('Stylesheet parsing (cssom) is left out of Lambda bundles');
      const Swapped = probe.SwappedReadableStream as new () => unknown;
      expect(() => new Swapped()).toThrow('node:stream/web is swapped out of Lambda bundles');
    });
  });
});
