// LBM Studio API example (Node.js 18 or newer, no dependencies).
//
// Creates a client, generates a newsletter and waits for it with `Prefer: wait`, then starts another
// newsletter job and polls its status URL until it finishes. Then generates an image and an MP3 and
// downloads both into the current folder.
//
//   LBM_API_URL=https://studio.example.com LBM_API_KEY=lbm_... node lbm-api-example.mjs

import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

const baseUrl = (process.env.LBM_API_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const apiKey = process.env.LBM_API_KEY;
if (!apiKey) {
  console.error('Set LBM_API_KEY to a key from the API Keys page.');
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls the API; paths start with /api. Waits and retries when the key's budget is used up (429). */
async function call(method, path, body, headers = {}) {
  for (;;) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (response.status === 429) {
      await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000);
      continue;
    }
    if (!response.ok) {
      throw new Error(`${method} ${path} answered ${response.status}: ${data?.error?.message ?? text}`);
    }
    return { status: response.status, data };
  }
}

/** Polls a job's status URL until it has finished; returns its result. */
async function waitForJob(statusUrl) {
  for (;;) {
    const { data: job } = await call('GET', statusUrl);
    if (job.status === 'succeeded') return job.result;
    if (job.status === 'failed') throw new Error(`The job failed: ${job.error}`);
    await sleep(1000);
  }
}

/**
 * Downloads a media path of a result (an image's `url`, an `audioUrl`) into the current folder. The
 * path answers with a redirect to a short-lived download link, which needs no key: it is followed
 * without the Authorization header. Returns the file's name.
 */
async function download(mediaPath) {
  const response = await fetch(`${baseUrl}${mediaPath}`, {
    headers: { authorization: `Bearer ${apiKey}` },
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`GET ${mediaPath} answered ${response.status}: ${await response.text()}`);
  }
  const file = await fetch(location);
  if (!file.ok) throw new Error(`The download link answered ${file.status}`);
  const name = basename(new URL(mediaPath, baseUrl).pathname);
  await writeFile(name, Buffer.from(await file.arrayBuffer()));
  return name;
}

/** Starts a job and waits for it: `Prefer: wait` answers 200 when it finishes in time, else poll. */
async function generate(path, body) {
  const { status, data } = await call('POST', path, body, { prefer: 'wait=25' });
  if (status !== 200) return waitForJob(data.statusUrl);
  if (data.status === 'failed') throw new Error(`The job failed: ${data.error}`);
  return data.result;
}

const { data: client } = await call('POST', '/api/clients', {
  name: 'Example Plumbing',
  company_name: 'Example Plumbing LLC',
  email: 'hello@example.com',
  website: 'https://example.com',
});
console.log(`Created client ${client.id} (${client.name})`);

// Ask the server to wait up to 20 s: 200 with the finished job, or 202 if it takes longer.
const newsletter = await call(
  'POST',
  '/api/generate-newsletter',
  { topic: 'Spring plumbing checklist', model: 'gpt-4o-mini', includeHeader: true },
  { prefer: 'wait=20' },
);
const newsletterResult =
  newsletter.status === 200 ? newsletter.data.result : await waitForJob(newsletter.data.statusUrl);
console.log(`Newsletter ready: ${newsletterResult.wordCount} words`);

// Without Prefer the answer is 202 {jobId, statusUrl} at once: poll the status URL.
const { data: accepted } = await call('POST', '/api/generate-newsletter', {
  topic: 'Saving water at home',
  model: 'gpt-4o-mini',
});
console.log(`Job ${accepted.jobId} queued`);
const polled = await waitForJob(accepted.statusUrl);
console.log(`Polled job finished: ${polled.wordCount} words`);

// An image and an MP3: their results carry media paths, downloaded with the same key.
const image = await generate('/api/generate-image', {
  prompt: 'A friendly plumber fixing a kitchen sink',
  model: 'gpt-image-1',
});
console.log(`Image saved as ${await download(image.images[0].url)}`);
const speech = await generate('/api/text-to-speech', {
  text: 'Welcome to this week’s home maintenance tips.',
  voice: 'alloy',
});
console.log(`MP3 saved as ${await download(speech.audioUrl)} (${speech.durationSeconds} s)`);
