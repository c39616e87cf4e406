import type { Lint, LocalLinter } from 'harper.js';

/**
 * The Harper grammar checker (harper.js, a dev dependency: its WebAssembly ships in the package and
 * runs offline) over plain text, for the offline-draft tests and bench. Never part of a Lambda bundle
 * or the frontend.
 */

export interface FoundLint {
  /** Harper's rule name ("AnA", "RepeatedWords", "SpellCheck"). */
  readonly rule: string;
  readonly kind: string;
  readonly problem: string;
  readonly message: string;
  /** The text around the problem, for a readable failure. */
  readonly context: string;
}

let linter: Promise<LocalLinter> | null = null;

async function loadLinter(): Promise<LocalLinter> {
  const [{ LocalLinter, Dialect }, { binary }] = await Promise.all([
    import('harper.js'),
    import('harper.js/binary'),
  ]);
  const local = new LocalLinter({ binary, dialect: Dialect.American });
  await local.setup();
  // The drafts follow AP style, which leaves out the serial comma on purpose ("photos, logos and
  // interview availability"); every other rule stays on.
  await local.setLintConfig({ ...(await local.getLintConfig()), OxfordComma: false });
  return local;
}

/**
 * Text as Harper should read it: links, e-mail addresses, phone numbers and hashtags are not prose;
 * the brackets of a note to the writer are kept (they read as text).
 */
export function lintableText(text: string): string {
  return (
    text
      .replace(/\bhttps?:\/\/\S+|\bwww\.\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+\.example\b/gu, 'link')
      .replace(/\(?\b\d{3}\)?[\s.-]?\d{3}-\d{4}\b/gu, 'phone')
      // Hashtags are tags, not prose (the suite checks them on their own).
      .replace(/[^\S\n]*#[\p{L}\p{N}_]+/gu, '')
  );
}

/**
 * Harper's lints of a draft. `known` is what the request gave the composer (the client's profile, the
 * topic, the instructions, the page): its words are the client's names and terms, so they are added
 * to the dictionary, as an agency's checker would have them; a word the composer made up is not.
 */
export async function lintText(
  text: string,
  known = '',
  capitals: readonly string[] = [],
): Promise<FoundLint[]> {
  linter ??= loadLinter();
  const local = await linter;
  await local.clearWords();
  // Harper keeps one casing of a word, and a lowercase entry also accepts the capitalized word; the
  // upper-case forms asked for (an AP dateline's city, "DENVER —") are added as they are.
  const words = [...new Set((known.match(/\p{L}[\p{L}'’]*/gu) ?? []).map((word) => word.toLowerCase()))];
  await local.importWords([...words, ...capitals.map((word) => word.toUpperCase())]);
  const clean = lintableText(text);
  const organized = await local.organizedLints(clean, { language: 'plaintext' });
  const found: FoundLint[] = [];
  for (const [rule, lints] of Object.entries(organized)) {
    for (const lint of lints as Lint[]) {
      const span = lint.span();
      found.push({
        rule,
        kind: lint.lint_kind(),
        problem: lint.get_problem_text(),
        message: lint.message(),
        context: clean
          .slice(Math.max(0, span.start - 40), Math.min(clean.length, span.end + 40))
          .replace(/\s+/gu, ' '),
      });
    }
  }
  return found;
}

/** A spelling lint on an everyday lowercase word: not a name, brand or place (capitalized), not a word of the request. */
export function isMisspeltCommonWord(lint: FoundLint): boolean {
  return lint.rule === 'SpellCheck' && /^\p{Ll}[\p{Ll}'’-]*$/u.test(lint.problem);
}

/** Wrong article ("a appointment"), repeated word ("the the"). */
export const HARD_RULES = new Set(['AnA', 'RepeatedWords']);
