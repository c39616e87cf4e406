/**
 * docs/decisions.md, "Offline drafts": how long the offline composers take before anything streams. A
 * client-content post must compose in under a second. We time the first compose in a fresh process
 * (compromise loads and builds its lexicon on first use) and the median of later ones, for every tool.
 */
import { composeClientContent } from '#functions/tools/client-content/offline-composer';
import { composeFaq } from '#functions/tools/faq/offline-composer';
import { composeNewsletter } from '#functions/tools/newsletter/offline-composer';
import { composePressRelease } from '#functions/tools/press-release/offline-composer';
import { ARTICLE, makeClient, makeContext } from '#functions/tools/test-fixtures';
import { clientContentRequestSchema } from '#shared/tools/client-content';
import { faqRequestSchema } from '#shared/tools/faq';
import { newsletterRequestSchema } from '#shared/tools/newsletter';
import { pressReleaseRequestSchema } from '#shared/tools/press-release';

const RUNS = 15;
const TOPICS = [
  'Tankless water heater installation',
  'How to winterize outdoor faucets',
  'Signs your water heater needs replacing',
  'Spring AC tune-ups',
  'Lopez Plumbing opens second location in Round Rock',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function time(compose: (topic: string) => string): { first: number; median: number } {
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const topic = TOPICS[run % TOPICS.length] ?? 'Water heater repair';
    const started = performance.now();
    compose(topic);
    timings.push(performance.now() - started);
  }
  return { first: timings[0] ?? 0, median: median(timings.slice(1)) };
}

export async function run(): Promise<void> {
  const context = makeContext({ client: makeClient(), source: ARTICLE });
  const prompt =
    'Keep it under 1200 words. Sign off as "The Lopez Team". Book at https://lopezplumbing.example/book.';
  const tools: [string, (topic: string) => string][] = [
    [
      'client-content',
      (topic) =>
        composeClientContent(
          clientContentRequestSchema.parse({ topic, prompt, clientUrl: 'https://lopezplumbing.example/' }),
          context,
        ).text,
    ],
    [
      'newsletter',
      (topic) => composeNewsletter(newsletterRequestSchema.parse({ topic, prompt }), context).text,
    ],
    [
      'press-release',
      (topic) =>
        composePressRelease(pressReleaseRequestSchema.parse({ topic, prompt, useClientCompanyInfo: true }), {
          ...context,
          source: null,
        }).text,
    ],
    ['faq', (topic) => composeFaq(faqRequestSchema.parse({ topic, prompt }), context).text],
  ];
  console.log(`${RUNS} composes per tool, ${TOPICS.length} topics in turn (ms)`);
  for (const [name, compose] of tools) {
    const { first, median: typical } = time(compose);
    console.log(
      `${name.padEnd(16)} first ${first.toFixed(0).padStart(5)}   median ${typical.toFixed(0).padStart(5)}`,
    );
  }
}
