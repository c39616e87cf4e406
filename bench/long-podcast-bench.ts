/**
 * docs/decisions.md, "Media tools": a long podcast script (5,000+ words, a conversation) spoken offline
 * through the media worker's tool, without provider keys. Reports wall time, peak resident memory, audio
 * length and MP3 size, and how far apart the progress reports were (segments done over segments).
 */
import { performance } from 'node:perf_hooks';
import type { StoredJob } from '#functions/generation/job-store';
import type { MediaJobContext } from '#functions/media/media-tool';
import { UsageMeter } from '#functions/media/usage-meter';
import { textToSpeechTool } from '#functions/tools/text-to-speech/definition';
import { textToSpeechRequestSchema } from '#shared/tools/podcast';

const SENTENCES = [
  'Spring is the best time to look for winter damage on a roof before the summer storms arrive.',
  'Start with the gutters, then the flashing around the chimney, then any shingles that lifted or cracked.',
  'Ice dams leave water stains along the eaves, and you can see them from the attic with a flashlight.',
  'Moss grows where shade keeps the shingles damp, and it lifts their edges a little more every season.',
  'A professional inspection takes about an hour and costs far less than a repair after a storm.',
];

function script(words: number): string {
  const turns: string[] = [];
  let count = 0;
  for (let turn = 0; count < words; turn += 1) {
    const text = [0, 1, 2].map((offset) => SENTENCES[(turn + offset) % SENTENCES.length]).join(' ');
    turns.push(`${turn % 2 === 0 ? 'Host' : 'Guest'}: ${text}`);
    count += text.split(/\s+/).length;
  }
  return turns.join('\n');
}

/** The job the tool runs as: outside the job store, so nothing is recorded. */
const BENCH_JOB: StoredJob = {
  id: '01JBENCH0000000000000000000',
  tool: 'text-to-speech',
  status: 'running',
  progress: 0,
  result: null,
  error: null,
  servedBy: null,
  savedContentId: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  userId: 'bench',
  userEmail: 'bench@example.com',
  isAdmin: false,
  userAgent: null,
  parentJobId: null,
  request: {},
  attempts: 1,
  partial: null,
  neverQueued: false,
  accounting: null,
};

export async function run(): Promise<void> {
  const previous = { openai: process.env.OPENAI_API_KEY };
  delete process.env.OPENAI_API_KEY;
  const text = script(5_000);
  const words = text.split(/\s+/).length;
  const input = textToSpeechRequestSchema.parse({
    text,
    format: 'conversation',
    voice: 'alloy',
    guestVoice: 'coral',
  });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const gaps: number[] = [];
  let lastReport = performance.now();
  let stored = 0;
  const context: MediaJobContext = {
    jobId: BENCH_JOB.id,
    caller: { userId: 'bench', email: 'bench@example.com', isAdmin: false, authMethod: 'token' },
    client: null,
    now: new Date(),
    userApiKey: undefined,
    retention: 'job',
    signal: new AbortController().signal,
    progress: async () => {
      const now = performance.now();
      gaps.push(now - lastReport);
      lastReport = now;
    },
    store: async (fileName, bytes) => {
      stored = bytes.byteLength;
      return `/api/media/bench/${BENCH_JOB.id}/${fileName}`;
    },
    // Offline speech records no estimate, and a job without accounting stores no usage.
    meter: (billing) => new UsageMeter(BENCH_JOB, billing),
  };
  const started = performance.now();
  const { result } = await textToSpeechTool.run(input, context);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (previous.openai !== undefined) process.env.OPENAI_API_KEY = previous.openai;
  const longestGap = Math.max(...gaps) / 1000;
  console.log(`script: ${words} words, ${result.segments} segments (conversation, two voices)`);
  console.log(
    `audio: ${(result.durationSeconds / 60).toFixed(1)} min, MP3 ${(stored / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(`took: ${seconds.toFixed(1)} s (${(result.durationSeconds / seconds).toFixed(1)}× real time)`);
  console.log(
    `peak RSS: ${Math.round(peakRss / 1024 / 1024)} MB; longest wait between progress reports: ${longestGap.toFixed(1)} s`,
  );
}
