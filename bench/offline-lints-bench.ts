/**
 * docs/decisions.md, "Offline drafts: correct before they are long": the Harper grammar checker over the
 * fixed corpus of offline drafts (test/support/offline-corpus.ts), per tool: drafts, words, lints, lints per
 * 500 words, and the rules that fired. The unit suite holds the line (no wrong article, repeated or misspelt
 * common word, at most one lint per 500 words); this prints where the lints are.
 */
import { countWords } from '#shared/text';
import { lintText } from '#test/support/grammar-lints';
import { CORPUS, CORPUS_TOOLS, composeCase, knownWords } from '#test/support/offline-corpus';

export async function run(): Promise<void> {
  const rows = new Map<
    string,
    { drafts: number; words: number; lints: number; rules: Map<string, number> }
  >();
  for (const tool of CORPUS_TOOLS) rows.set(tool, { drafts: 0, words: 0, lints: 0, rules: new Map() });
  for (const entry of CORPUS) {
    const draft = composeCase(entry);
    const lints = await lintText(draft.text, knownWords(draft), (entry.client.city ?? '').split(/\s+/u));
    const row = rows.get(entry.tool);
    if (!row) continue;
    row.drafts += 1;
    row.words += countWords(draft.text);
    row.lints += lints.length;
    for (const lint of lints) row.rules.set(lint.rule, (row.rules.get(lint.rule) ?? 0) + 1);
  }
  console.log('tool             drafts   words   lints   per 500 words   rules');
  let words = 0;
  let lints = 0;
  for (const [tool, row] of rows) {
    words += row.words;
    lints += row.lints;
    const rules = [...row.rules].map(([rule, count]) => `${rule} ${count}`).join(', ');
    console.log(
      `${tool.padEnd(16)} ${String(row.drafts).padStart(6)} ${String(row.words).padStart(7)} ${String(row.lints).padStart(7)} ${(row.words === 0 ? 0 : (500 * row.lints) / row.words).toFixed(2).padStart(15)}   ${rules || '-'}`,
    );
  }
  console.log(
    `${'all'.padEnd(16)} ${String(CORPUS.length).padStart(6)} ${String(words).padStart(7)} ${String(lints).padStart(7)} ${((500 * lints) / Math.max(1, words)).toFixed(2).padStart(15)}`,
  );
}
