/**
 * `htmlparser2` inside a Lambda bundle: its `Parser`, nothing else. sanitize-html (CommonJS) does
 * `require('htmlparser2')`, which pulls the package's whole CommonJS build into the bundle with no tree
 * shaking: DomHandler, DomUtils, dom-serializer and a second `entities` with its encoding tables (about
 * 110 KB of a handler that sanitizes). linkedom imports the package as a namespace for the same one
 * class. Both use only `Parser`, so the bundle swaps the package for this module (esbuild `alias`,
 * infra/lambda-bundle-aliases.ts), which takes `Parser` from the ES build of the copy sanitize-html
 * depends on; esbuild then keeps the parser, its tokenizer and the entity decoder only.
 *
 * The path is relative because an alias also applies inside its own target: `from 'htmlparser2'` here
 * would name this module again. If npm ever moves that copy, the bundle fails to build.
 * test/infra/lambda-bundle-aliases.test.ts checks that sanitize-html and linkedom resolve this same
 * version, that nothing else in any Lambda imports the package, and that the sanitizer and the page
 * reader give the same output bundled as they do unbundled. Local runs and tests are not bundled.
 */
export { Parser } from '../../node_modules/sanitize-html/node_modules/htmlparser2/dist/esm/Parser.js';
