/**
 * Multi-Platform Content Creator (docs/decisions.md, "Social, GBP and Multi-Platform tools"): one run of all
 * seven types against a simulated provider that takes one second per call, next to each type run alone in the
 * same session. The child jobs run at once, so the full run should take about as long as the slowest single
 * type (target at most 1.3x); the spec's one-at-a-time loop would take about seven times as long.
 */

import { createServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { RecordedRequest } from '#functions/providers/testing/fake-http-server';
import { startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import type { MultiPlatformItem } from '#shared/tool-results';
import { MULTI_PLATFORM_TYPES, type MultiPlatformType } from '#shared/tools/multi-platform';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime } from '#test/support/test-runtime';

const CALL_MS = 1_000;
/** The social posts, and the HTML the newsletter, press release, GBP post and client content read. */
const REPLY = [
  '{"facebook": "Spring open house with free samples.", "instagram": "Open house!", ',
  '"linkedin": "Join our open house.", "twitter": "Open house May 3."}',
  '<h1>Spring open house</h1><p>Join us on May 3 for free pastry samples.</p>',
];
/** What the FAQ (001 §5: "html" and "schema") and the blog rewrite ({"text", "html"}) ask for. */
const FAQ_REPLY = [
  JSON.stringify({
    html: '<h2>When is the open house?</h2><p>On May 3, with free pastry samples.</p>',
    schema: {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'When is the open house?',
          acceptedAnswer: { '@type': 'Answer', text: 'On May 3, with free pastry samples.' },
        },
      ],
    },
  }),
];
const REWRITE_REPLY = [
  JSON.stringify({
    text: 'Our bakery bakes bread daily in Austin and sells cakes.',
    html: '<h1>Our bakery</h1><p>We bake bread daily in Austin and sell cakes.</p>',
  }),
];

/** The reply a real model would give to this request's instructions. */
function replyFor(request: RecordedRequest): readonly string[] {
  const prompt = JSON.stringify(request.body ?? {});
  if (prompt.includes('You write clear, helpful FAQ pages')) return FAQ_REPLY;
  if (prompt.includes('Rewrite the blog post you are given')) return REWRITE_REPLY;
  return REPLY;
}

const PAGE =
  '<html><head><title>Bakery</title></head><body><article><h1>Our bakery</h1><p>We bake bread daily in Austin and sell cakes.</p></article></body></html>';

export async function run(): Promise<void> {
  const provider = await startFakeOpenAiServer({ chunksFor: replyFor, beforeReply: () => delay(CALL_MS) });
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const address = site.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const siteUrl = `http://127.0.0.1:${port}/`;
  const app = await startTestRuntime({
    env: {
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: provider.baseUrl,
      FETCH_ALLOW_HOSTS: `127.0.0.1:${port}`,
    },
  });
  try {
    const user = await app.createUser();
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: user.idToken,
      body: { name: 'Bench Bakery', website: siteUrl },
    });
    const timeRun = async (types: readonly MultiPlatformType[]) => {
      const started = performance.now();
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-multi-platform', {
        token: user.idToken,
        body: {
          types,
          prompt: 'Spring open house on May 3',
          tone: 'friendly',
          model: 'gpt-4.1-2025-04-14',
          blogUrl: `${siteUrl}blog`,
          clientId: client.body.id,
        },
      });
      const job = await waitForJob(app, user.idToken, queued.body.jobId, undefined, 120_000);
      const items = ((job.result ?? { items: [] }) as { items: MultiPlatformItem[] }).items;
      const failed = items.filter((item) => !item.success);
      if (job.status !== 'succeeded' || items.length === 0) {
        failures.push(`${types.join('+')}: the job ended ${job.status}${job.error ? ` (${job.error})` : ''}`);
      }
      for (const item of failed)
        failures.push(`${item.type}${item.platform ? `/${item.platform}` : ''}: ${item.error ?? 'failed'}`);
      return {
        seconds: (performance.now() - started) / 1000,
        ok: items.length - failed.length,
        total: items.length,
      };
    };
    const failures: string[] = [];

    // The first run loads the workers' modules; it is not counted.
    await timeRun(['gbp-post']);
    const singles: { type: MultiPlatformType; seconds: number }[] = [];
    for (const type of MULTI_PLATFORM_TYPES) singles.push({ type, seconds: (await timeRun([type])).seconds });
    const slowest = singles.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    const all = await timeRun(MULTI_PLATFORM_TYPES);

    console.log(`provider: ${CALL_MS} ms per call; ${provider.requests.length} calls in all`);
    console.log(
      `single types (s): ${singles.map((single) => `${single.type} ${single.seconds.toFixed(2)}`).join(', ')}`,
    );
    console.log(`slowest single type: ${slowest.type} ${slowest.seconds.toFixed(2)} s`);
    console.log(
      `all 7 types in one run: ${all.seconds.toFixed(2)} s (${all.ok}/${all.total} items succeeded)`,
    );
    // A run with failures did less work than a good one: its time says nothing, so no ratio.
    if (failures.length > 0) {
      console.log(`NO RATIO: ${failures.length} failure(s):\n  ${failures.join('\n  ')}`);
      return;
    }
    console.log(
      `ratio all / slowest single: ${(all.seconds / slowest.seconds).toFixed(2)}x (target <= 1.3x; one at a time ~7x)`,
    );
  } finally {
    await app.stop();
    await provider.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  }
}
