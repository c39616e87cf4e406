/**
 * Seeds the clients and library items the list benches (docs/decisions.md, "Large agencies: lists of
 * summaries, virtualized grids") open in Chromium: thousands of them, written straight to the table in
 * batches through the same entities the handlers write with (keys, indexes and stored previews as a save
 * through the API makes them), because thousands of API calls would take minutes. Text is made from a fixed
 * word list and a seeded generator, so every run stores the same bytes. Each title and client name carries a
 * unique token (`zq<n>x`), so a search can ask for exactly one of them.
 */

import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { ulid } from 'ulid';
import { batchPutItems } from '#functions/data/batch-operations';
import { entities } from '#functions/data/entities';
import type { ContentType } from '#shared/content';

const WORDS = (
  'roof gutter spring storm inspection shingle flashing chimney attic moss repair estimate warranty ' +
  'season water damage insurance contractor local family owned service quality crew schedule free ' +
  'quote customer review neighbourhood safety ladder metal asphalt cedar vent leak ceiling stain ' +
  'winter summer autumn drainage downspout install replace maintain clean check protect save energy ' +
  'efficient home owner business office dental clinic bakery bread coffee menu event open house ' +
  'community charity sponsor award team hire training guide tips checklist question answer price'
).split(' ');

const SEEDED_TYPES: readonly ContentType[] = [
  'newsletter',
  'press_release',
  'blog',
  'faq',
  'howto',
  'client_content',
];

/** A small deterministic generator (mulberry32), so the seeded text is the same on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function sentence(random: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)] ?? 'roof');
  const text = picked.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** A paragraph list of about `words` words, as text and as HTML. */
function article(random: () => number, words: number): { text: string; html: string } {
  const paragraphs: string[] = [];
  let count = 0;
  while (count < words) {
    const sentences = Array.from({ length: 4 }, () => sentence(random, 8 + Math.floor(random() * 10)));
    paragraphs.push(sentences.join(' '));
    count += sentences.join(' ').split(' ').length;
  }
  return {
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n'),
  };
}

/** The unique word in item or client number `index`: a search for it finds that one only. */
export const uniqueToken = (index: number): string => `zq${index}x`;

const DAY_MS = 86_400_000;

/**
 * `count` library items of one client, newest last written, spread over the past year (ids are ULIDs of
 * their creation time, as saves make them), about 400 words each like a saved newsletter. The client's
 * item count is raised by `count`, as the saves would have.
 */
export async function seedLibrary(clientId: string, createdBy: string, count: number): Promise<void> {
  const random = generator(count);
  const now = Date.now();
  const items = Array.from({ length: count }, (_, index) => {
    const time = now - Math.floor(((count - index) / count) * 365 * DAY_MS);
    const { text, html } = article(random, 380 + Math.floor(random() * 60));
    const type = SEEDED_TYPES[index % SEEDED_TYPES.length] ?? 'newsletter';
    const createdAt = new Date(time).toISOString();
    return {
      clientId,
      contentId: ulid(time),
      title: `${sentence(random, 5).slice(0, -1)} ${uniqueToken(index)}`,
      content: text,
      html_content: html,
      content_type: type,
      metadata: { model: 'gpt-4.1-2025-04-14', tone: 'friendly', wordCount: text.split(/\s+/u).length },
      createdBy,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await putAll(entities().content, items);
  await entities()
    .client.build(UpdateItemCommand)
    .item({ clientId, contentCount: $add(count) })
    .send();
}

/** `count` clients created by `userId`, with full profiles and instructions, newest last written. */
export async function seedClients(
  user: { userId: string; email: string },
  count: number,
  namePrefix: string,
): Promise<{ clientId: string; name: string }[]> {
  const random = generator(count + 7);
  const now = Date.now();
  const clients = Array.from({ length: count }, (_, index) => {
    const time = now - (count - index) * 60_000;
    const createdAt = new Date(time).toISOString();
    const name = `${namePrefix} ${index} ${uniqueToken(index)}`;
    return {
      clientId: ulid(time),
      name,
      company_name: `${sentence(random, 2).slice(0, -1)} LLC`,
      owner: 'Jordan Rivera',
      email: `owner${index}@client-${index}.example`,
      phone: '(512) 555-0100',
      website: `https://client-${index}.example`,
      facebook: `https://facebook.com/client${index}`,
      address: `${100 + index} Main Street`,
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      country: 'USA',
      newsletter_instructions: article(random, 60).text,
      press_release_instructions: article(random, 60).text,
      content_instructions: article(random, 60).text,
      createdBy: user.userId,
      createdByEmail: user.email,
      createdAt,
      updatedAt: createdAt,
      contentCount: 0,
      accessCount: 0,
    };
  });
  await putAll(entities().client, clients);
  return clients.map((client) => ({ clientId: client.clientId, name: client.name }));
}

async function putAll<Item>(
  entity: Parameters<typeof batchPutItems>[0],
  items: readonly Item[],
): Promise<void> {
  let pending = items as Parameters<typeof batchPutItems>[1];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === 10) throw new Error(`${pending.length} items were left unwritten`);
    pending = (await batchPutItems(entity, pending)).unprocessed;
  }
}
