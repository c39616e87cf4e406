/**
 * Terms and key phrases of a text. Terms are lowercased, light-stemmed words without stop words: the
 * unit the summarizer compares sentences on. Key phrases are RAKE-style (Rose et al., 2010): runs of
 * content words between stop words and punctuation, scored by word degree over frequency.
 */

export const STOP_WORDS = new Set(
  `a about above after again against all almost also am among an and any are aren't as at be because been
before being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't
down during each either else even ever every few for from further get gets getting got had hadn't has hasn't
have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd
i'll i'm i've if in into is isn't it it's its itself just let let's like made make makes many may me might
more most much must mustn't my myself near need needs never no nor not now of off often on once one only or
other others ought our ours ourselves out over own per quite rather really same say says see seen shall shan't
she she'd she'll she's should shouldn't since so some still such than that that's the their theirs them
themselves then there there's these they they'd they'll they're they've this those though through thus to
too toward towards under until up upon us use used using very via want was wasn't way we we'd we'll we're
we've well were weren't what what's whatever when when's where where's whether which while who who's whom
whose why why's will with within without won't would wouldn't yet you you'd you'll you're you've your yours
yourself yourselves across along alongside amid amongst around away back behind beneath beside besides beyond
despite except inside onto outside past throughout underneath unlike`.split(/\s+/u),
);

/** Directive words of instructions ("please write a friendly ..."), not subject matter. */
export const INSTRUCTION_WORDS = new Set(
  `please write written writing include including included add adding keep keeping mention mentioning focus
focusing ensure make sure avoid tone style words word sentence sentences paragraph paragraphs section sections
content post article newsletter release guide faq faqs output format formatting html text emoji emojis always
never should must short long brief concise professional friendly casual formal informal engaging clear
simple tell reader readers audience highlight highlighting emphasize emphasise note notes instructions
instruction additional specific client clients bullet bullets list lists heading headings title titles
call action cta end start begin talk discuss cover covering explain describe share promote encourage remind
invite announce create generate give blog blogs seo wordpress wordpress-ready english american voice outside
business businesses link links url urls website websites site page pages match matching based draw drawn`.split(
    /\s+/u,
  ),
);

/** Common verbs and adverbs end a key phrase: "storage tank" rather than "storage tank losing". */
const PHRASE_BREAKERS = new Set(
  `add adds allow allows ask asks become becomes begin bring brings build builds buy buys call calls came come
comes cost costs create creates cut cuts deliver delivers depend depends did do does done feel feels find finds
follow follows give gives go goes grow grows help helps hold holds keep keeps know knows last lasts lead leads
learn learns leave leaves losing lose loses meet meets move moves need needs offer offers open opens pay pays
plan plans provide provides put puts reach reaches remove removes run runs save saves say says see sees seem
seems serve serves set sets show shows start starts stay stays take takes tell tells think thinks try tries turn
turns went work works`.split(/\s+/u),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Lowercase word tokens, possessives removed. */
export function words(text: string): string[] {
  return [...text.toLowerCase().matchAll(WORD)].map((match) =>
    match[0].replace(/['’]s$/u, '').replace(/['’-]+$/u, ''),
  );
}

/** A light suffix stripper: enough to make "heaters"/"heater" and "repairs"/"repairing" meet. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/u.test(word)) return word;
  if (/(?:ches|shes|xes|sses)$/u.test(word)) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3).replace(/(\p{L})\1$/u, '$1');
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2).replace(/(\p{L})\1$/u, '$1');
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const isContentWord = (word: string): boolean =>
  word.length >= 3 && !STOP_WORDS.has(word) && !/^\p{N}+$/u.test(word);

/** Stemmed content terms of a text, in order, repeats kept. */
export function terms(text: string): string[] {
  return words(text).filter(isContentWord).map(stem);
}

export interface KeyPhrase {
  readonly phrase: string;
  readonly score: number;
  readonly count: number;
}

const PHRASE_BREAK = /[.,;:!?()[\]{}"“”‘’/\\|—–…•]+|\s-\s|\n/u;

/**
 * Key phrases (1-3 content words) ranked by RAKE score, then frequency, then first appearance. The
 * surface form kept is the first one seen. `exclude` drops phrases made only of the given words.
 */
export function keyPhrases(
  text: string,
  limit: number,
  exclude: ReadonlySet<string> = new Set(),
): KeyPhrase[] {
  const candidates: string[][] = [];
  for (const chunk of text.split(PHRASE_BREAK)) {
    let run: string[] = [];
    const flush = () => {
      for (let offset = 0; offset < run.length; offset += 3) candidates.push(run.slice(offset, offset + 3));
      run = [];
    };
    for (const word of chunk.match(WORD) ?? []) {
      const lower = word.toLowerCase().replace(/['’]s$/u, '');
      const breaks = INSTRUCTION_WORDS.has(lower) || PHRASE_BREAKERS.has(lower) || /ly$/u.test(lower);
      if (isContentWord(lower) && !breaks) run.push(word.replace(/['’]s$/u, ''));
      else flush();
    }
    flush();
  }
  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const candidate of candidates) {
    for (const word of candidate) {
      const key = stem(word.toLowerCase());
      frequency.set(key, (frequency.get(key) ?? 0) + 1);
      degree.set(key, (degree.get(key) ?? 0) + candidate.length);
    }
  }
  const phrases = new Map<string, { phrase: string; score: number; count: number; first: number }>();
  candidates.forEach((candidate, position) => {
    const keys = candidate.map((word) => stem(word.toLowerCase()));
    if (keys.every((key) => exclude.has(key))) return;
    const id = keys.join(' ');
    const existing = phrases.get(id);
    if (existing) {
      existing.count += 1;
      return;
    }
    const score = keys.reduce((sum, key) => sum + (degree.get(key) ?? 0) / (frequency.get(key) ?? 1), 0);
    phrases.set(id, { phrase: candidate.join(' '), score, count: 1, first: position });
  });
  return [...phrases.values()]
    .sort((a, b) => b.score * Math.sqrt(b.count) - a.score * Math.sqrt(a.count) || a.first - b.first)
    .slice(0, limit)
    .map(({ phrase, score, count }) => ({ phrase, score, count }));
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

/** Headline case: small words stay lowercase except first and last; words with capitals inside are kept. */
export function titleCase(text: string): string {
  const parts = text.trim().replace(/\s+/gu, ' ').split(' ');
  return parts
    .map((part, index) => {
      const lower = part.toLowerCase();
      if (index > 0 && index < parts.length - 1 && SMALL_WORDS.has(lower)) return lower;
      if (/\p{Lu}/u.test(part.slice(1))) return part;
      return part.charAt(0).toUpperCase() + part.slice(1);
    })
    .join(' ');
}

/** First letter uppercase, rest unchanged. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
