import type { SourceMap } from 'node:module';

/**
 * A stack trace with each frame of a bundled file pointed back at our source, for the log of an
 * unexpected error. Lambdas run without `--enable-source-maps`: Node parsed every
 * function's map while loading its bundle, a large share of the cold start's CPU
 * (docs/benchmarks.md, "lambda-bundle"), for the few stacks a log
 * ever prints. The maps stay in the asset beside each bundle (`index.mjs.map`, each chunk's own), so
 * this reads one only when a stack is logged, once per file, with Node's own `SourceMap`.
 * A frame outside a bundle, or in a file without a map, is kept as it is.
 *
 * The built-ins it needs are taken when a stack is first mapped (`process.getBuiltinModule`): imported
 * statically, their ES module wrappers added to every handler's import
 * (same section).
 */

const FRAME_LOCATION = /(file:\/\/[^\s()]+|\/[^\s():]+\.m?js):(\d+):(\d+)/gu;
const MAP_COMMENT = /\/\/# sourceMappingURL=([^\s'"]+)\s*$/u;

const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  const known = maps.get(file);
  if (known !== undefined) return known;
  let map: SourceMap | null = null;
  try {
    const { readFileSync } = process.getBuiltinModule('node:fs');
    const { dirname, resolve } = process.getBuiltinModule('node:path');
    const { SourceMap } = process.getBuiltinModule('node:module');
    const path = file.startsWith('file://') ? process.getBuiltinModule('node:url').fileURLToPath(file) : file;
    const comment = MAP_COMMENT.exec(readFileSync(path, 'utf8').slice(-1024));
    if (comment?.[1] && !comment[1].startsWith('data:')) {
      const payload: unknown = JSON.parse(readFileSync(resolve(dirname(path), comment[1]), 'utf8'));
      map = new SourceMap(payload as ConstructorParameters<typeof SourceMap>[0]);
    }
  } catch {
    // An unreadable file or map leaves the frame as it was: the stack is still worth logging.
    map = null;
  }
  maps.set(file, map);
  return map;
}

/** `../../functions/clients/list-clients.ts` → `functions/clients/list-clients.ts`. */
const projectPath = (source: string) => source.replace(/^(?:webpack:\/\/|file:\/\/)?(?:\.\.?\/)*/u, '');

/** The error's stack with our sources' locations; undefined for what is not an Error. */
export function readableStack(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.stack === undefined) return undefined;
  return error.stack.replace(FRAME_LOCATION, (location, file: string, line: string, column: string) => {
    const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) return location;
    return `${projectPath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
