/**
 * DynamoDB batch calls may hand back part of the work as "unprocessed" under load; delete and restore
 * must finish all of it, so the remainder is retried with a short exponential back-off. Batch puts
 * report only the keys of what they skipped, so `identify` maps a key back to its item.
 */
const ATTEMPTS = 6;
const BASE_DELAY_MS = 25;

export async function retryUnprocessed<Item, Key>(
  items: readonly Item[],
  run: (batch: Item[]) => Promise<{ unprocessed: Key[] }>,
  identify: (value: Item | Key) => string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  let pending = [...items];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === ATTEMPTS) {
      throw new Error(`DynamoDB left ${pending.length} item(s) unprocessed after ${ATTEMPTS} attempts`);
    }
    if (attempt > 0) await sleep(BASE_DELAY_MS * 2 ** attempt);
    const { unprocessed } = await run(pending);
    const skipped = new Set(unprocessed.map(identify));
    pending = pending.filter((item) => skipped.has(identify(item)));
  }
}
