/**
 * `postcss` inside a Lambda bundle: its `parse`, nothing else. sanitize-html (CommonJS) does
 * `require('postcss')` for one call, `parse(name + ' {' + style + '}', { map: false })` on each
 * allowed style attribute, which pulls the whole of postcss into the bundle: the processor, lazy
 * results, the source-map generator and, through it, source-map-js. So the bundle swaps the package for
 * this module (esbuild `alias`, infra/lambda-bundle-aliases.ts), which takes postcss's own `lib/parse`
 * (the function postcss exports as `parse`): the parser, its tokenizer and node classes.
 *
 * The path is relative because an alias also applies inside its own target (and to its subpaths:
 * `postcss/lib/parse` would become this file plus `/lib/parse`). If npm ever moves postcss, the bundle
 * fails to build. test/infra/lambda-bundle-aliases.test.ts checks that this is the copy sanitize-html
 * resolves, that nothing else in any Lambda imports postcss, and that the sanitizer's output is the same
 * bundled as unbundled. Local runs and tests are not bundled.
 */
import parse from '../../node_modules/postcss/lib/parse.js';

export { parse };
