/**
 * The few members of two untyped packages that the offline media code uses, typed narrowly (neither
 * package ships declarations). Only the media worker imports them.
 */
declare module 'opentype.js' {
  export interface Path {
    toPathData(decimalPlaces?: number): string;
  }
  export interface Glyph {
    readonly advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  export interface Font {
    readonly unitsPerEm: number;
    charToGlyph(char: string): Glyph;
    getKerningValue(left: Glyph, right: Glyph): number;
  }
  export function parse(buffer: ArrayBuffer): Font;
  /** Node loads the CommonJS build, whose members sit on the default export only. */
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}

declare module 'espeak-ng' {
  export interface ESpeakNgOptions {
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    /** Emscripten's hook to instantiate the module itself (here: from a module compiled once). */
    instantiateWasm?: (imports: object, done: (instance: unknown, module: unknown) => void) => object;
    locateFile?: (path: string) => string;
  }
  export interface ESpeakNgModule {
    FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
  }
  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgModule>;
}
