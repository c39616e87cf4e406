/**
 * dynalite on a worker thread (local/emulators/dynamodb.ts starts it): DynamoDB's stand-in then parses,
 * scans LevelDB and serialises on its own core instead of the gateway's event loop. Plain
 * JavaScript because a worker is started by Node itself, outside tsx and vitest's transforms.
 *
 * workerData: { path: string, port: number }. Messages out: { type: 'listening', port, osThreadId } once it
 * accepts connections (osThreadId: this thread's id in /proc/self/task on Linux, else null, so a bench can
 * tell this thread's CPU time from the gateway's), { type: 'error', code, message } if it cannot listen,
 * { type: 'fault', message } when a request failed with an error dynalite throws. Message in: 'stop', which
 * closes the server and the database (releasing LevelDB's lock) and then answers { type: 'stopped' }.
 */
import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import dynalite from 'dynalite';

// dynalite sets every reply's x-amz-crc32 with buffer-crc32, a table-driven CRC in JavaScript: for a Query of
// 50 clients that was a measurable share of this thread's time (docs/benchmarks.md, "api-throughput"). zlib's
// crc32 is the same CRC-32 (IEEE, over the string's UTF-8 bytes) in native code. dynalite reads
// `crc32.unsigned` on each reply, so replacing the property of the module it required is enough.
const dynaliteRequire = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const bufferCrc32 = dynaliteRequire('buffer-crc32');
bufferCrc32.unsigned = (input) => crc32(input);

// dynalite parses every request's expressions (key condition, filter, projection, condition, update)
// with PEG.js parsers, one character at a time: for the client list's two queries that was a large
// share of this thread's busy time (docs/benchmarks.md, "api-throughput"), and a projection of the card's 24
// attributes would have added more. The app sends the same expressions again and again, so the outcome of
// validating them is kept by their exact inputs (the expressions with their attribute names and values) and
// each request gets its own copy of the parsed trees, since dynalite's actions rewrite some of them (a key
// condition is turned around in place). Inputs over 4 KB (an update carrying a long text) are not kept.
const validations = dynaliteRequire('./validations');
const validateExpressions = validations.validateExpressions;
const EXPRESSION_INPUTS = [
  'UpdateExpression',
  'ConditionExpression',
  'KeyConditionExpression',
  'FilterExpression',
  'ProjectionExpression',
  'ExpressionAttributeNames',
  'ExpressionAttributeValues',
];
const PARSED_EXPRESSIONS = ['_updates', '_condition', '_keyCondition', '_filter', '_projection'];
const MAX_KEPT_INPUT_CHARS = 4096;
const MAX_KEPT = 1000;
const validated = new Map();
validations.validateExpressions = (data, ...rest) => {
  const key = JSON.stringify(EXPRESSION_INPUTS.map((name) => data[name] ?? null));
  const kept = validated.get(key);
  if (kept) {
    for (const [name, tree] of kept.parsed) data[name] = structuredClone(tree);
    return kept.message;
  }
  const message = validateExpressions(data, ...rest);
  if (key.length <= MAX_KEPT_INPUT_CHARS) {
    if (validated.size >= MAX_KEPT) validated.clear();
    const parsed = PARSED_EXPRESSIONS.filter((name) => data[name] !== undefined).map((name) => [
      name,
      structuredClone(data[name]),
    ]);
    validated.set(key, { message, parsed });
  }
  return message;
};

// dynalite reads the table's description from LevelDB on every request (store.getTable): for the client
// list's two queries that was a measurable share of this thread's busy time
// (docs/benchmarks.md, "api-throughput"). Descriptions change only through the table sub-database's own put
// and del (CreateTable, UpdateTable, DeleteTable), so those keep a copy of the JSON here and a get answers
// from it. Each get still parses its own object, as a LevelDB read does, because actions may change the
// description they are given; and it answers on a later tick, as LevelDB does.
const dynaliteDb = dynaliteRequire('./db');
const createStore = dynaliteDb.create;
dynaliteDb.create = (...args) => {
  const store = createStore(...args);
  const tables = store.tableDb;
  const { get, put, del, batch } = tables;
  const kept = new Map();
  // LevelDB may run a read beside a write that began before it, so a read fills the copy only if no
  // write was under way when it began and none began meanwhile; a write fills it only if it is the last.
  let writes = 0;
  let writing = 0;
  const written = (fill) => (error) => {
    writing -= 1;
    fill(error);
  };
  tables.get = (key, callback) => {
    const json = kept.get(key);
    if (json !== undefined) {
      process.nextTick(() => callback(null, JSON.parse(json)));
      return;
    }
    const quiet = writing === 0;
    const startedAt = writes;
    get(key, (error, value) => {
      if (!error && value && quiet && writes === startedAt) kept.set(key, JSON.stringify(value));
      callback(error, value);
    });
  };
  tables.put = (key, value, callback) => {
    kept.delete(key);
    const write = ++writes;
    writing += 1;
    const json = JSON.stringify(value);
    put(
      key,
      value,
      written((error) => {
        if (!error && writes === write && writing === 0) kept.set(key, json);
        callback(error);
      }),
    );
  };
  tables.del = (key, callback) => {
    kept.delete(key);
    writes += 1;
    writing += 1;
    del(key, written(callback ?? (() => undefined)));
  };
  tables.batch = (operations, callback) => {
    kept.clear();
    writes += 1;
    writing += 1;
    batch(operations, written(callback ?? (() => undefined)));
  };
  // dynalite reads a Query's or Scan's items through a stream that asks LevelDB for one item per
  // promise, and classic-level fetches them 16 KB at a time: for a page of 50 clients about a dozen
  // native calls and fifty promise round trips. This stream asks for a growing batch instead (8, 16,
  // 32, …: a page of 50 takes three calls and decodes 56 items, not many more than dynalite keeps) of up
  // to 1 MB per call, DynamoDB's own page size. dynalite still stops reading at its Limit and destroys
  // the stream, which closes the iterator. It saves part of this thread's time per list request
  // (docs/benchmarks.md, "api-throughput").
  //
  // It also decodes each stored item once per version instead of on every read: JSON.parse of the items
  // was the largest single cost of this thread (for the client list, docs/benchmarks.md, "api-throughput";
  // and most of its garbage). Items are read as their JSON text, and the object parsed from a text is kept by
  // that text, so a changed item (a new text) can never be answered from an older one. The objects are shared
  // between reads, which is safe because nothing on this path changes an item: Query and Scan filter, measure
  // and project (projection builds new objects) and then serialise them.
  const db = store.db;
  db.createValueStream = (options) => {
    const iterator = db.values({ ...options, valueEncoding: 'utf8', highWaterMarkBytes: 1024 * 1024 });
    let batch = 8;
    return new Readable({
      objectMode: true,
      highWaterMark: 1024,
      read() {
        const size = batch;
        batch = Math.min(batch * 2, 1000);
        iterator.nextv(size).then(
          (values) => {
            if (values.length === 0) this.push(null);
            else for (const value of values) this.push(decodedItem(value));
          },
          (error) => this.destroy(error),
        );
      },
      destroy(error, callback) {
        iterator.close().then(
          () => callback(error),
          () => callback(error),
        );
      },
    });
  };
  return store;
};

/** Bounds the kept texts (UTF-16 code units): about 16 MB of item JSON, oldest read first out. */
const MAX_DECODED_CHARS = 8 * 1024 * 1024;
const decodedItems = new Map();
let decodedChars = 0;

/** The item stored as this JSON text, parsed once while it is among the texts read last. */
function decodedItem(json) {
  const kept = decodedItems.get(json);
  if (kept !== undefined) {
    // Read again: moved to the newest end, so a page read over and over stays while others go.
    decodedItems.delete(json);
    decodedItems.set(json, kept);
    return kept;
  }
  const item = JSON.parse(json);
  if (json.length > MAX_DECODED_CHARS) return item;
  decodedItems.set(json, item);
  decodedChars += json.length;
  for (const oldest of decodedItems.keys()) {
    if (decodedChars <= MAX_DECODED_CHARS) break;
    decodedItems.delete(oldest);
    decodedChars -= oldest.length;
  }
  return item;
}

const port = parentPort;
if (!port) throw new Error('dynamodb-worker.mjs runs as a worker thread');

// dynalite throws what a request's callback receives: a client that hangs up mid-body (`aborted`, from
// its request's 'error' listener) or a write that meets the database closing at shutdown ('Database is
// closed'). Uncaught, either ended this thread, and with it every later request, and reached the main
// thread as an error event. Such a throw ends only that request (its connection is already gone or
// going), so it is reported to the main thread and the emulator goes on serving.
process.on('uncaughtException', (error) => {
  port.postMessage({ type: 'fault', message: error instanceof Error ? error.message : String(error) });
});

const server = dynalite({ path: workerData.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });

server.once('error', (error) =>
  port.postMessage({ type: 'error', code: error.code, message: error.message }),
);
/** /proc/thread-self links to `<pid>/task/<tid>` on Linux; elsewhere there is nothing to name. */
function osThreadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

server.listen(workerData.port, '127.0.0.1', () => {
  const address = server.address();
  port.postMessage({
    type: 'listening',
    port: typeof address === 'object' && address ? address.port : 0,
    osThreadId: osThreadId(),
  });
});

/** How long a request still running at 'stop' may finish before its connection is cut. */
const STOP_GRACE_MS = 2000;

port.on('message', (message) => {
  if (message !== 'stop') return;
  // Idle connections close at once; a request under way finishes, so its writes are not cut between
  // two LevelDB operations (dynalite then closes the database once its operations are done).
  const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
  server.close(() => {
    clearTimeout(cut);
    port.postMessage({ type: 'stopped' });
    port.close();
  });
});
