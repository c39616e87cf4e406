/**
 * The part of cssfilter (js-xss's CSS filter, which ships no declarations) that the sanitizer uses
 * (functions/commons/sanitize-html.ts).
 */
declare module 'cssfilter' {
  export interface FilterCSSOptions {
    /** Allowed properties: a property is kept when its check returns true for the value. */
    readonly whiteList?: Readonly<Record<string, boolean | RegExp | ((value: string) => boolean)>>;
    /** Called for an allowed declaration; a string returned replaces `property:value` in the output. */
    readonly onAttr?: (property: string, value: string) => string | undefined;
    /** Called for a declaration that is not allowed; a string returned is written in its place. */
    readonly onIgnoreAttr?: (property: string, value: string) => string | undefined;
  }
  export class FilterCSS {
    constructor(options?: FilterCSSOptions);
    process(css: string): string;
  }
}
