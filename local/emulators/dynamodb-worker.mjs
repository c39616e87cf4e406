/**
 * dynalite on a worker thread (local/emulators/dynamodb.ts starts it): DynamoDB's stand-in then parses,
 * scans LevelDB and serialises on its own core instead of the gateway's event loop (issue 15). Plain
 * JavaScript because a worker is started by Node itself, outside tsx and vitest's transforms.
 *
 * workerData: { path: string, port: number }. Messages out: { type: 'listening', port } once it accepts
 * connections, { type: 'error', code, message } if it cannot listen. Message in: 'stop', which closes
 * the server and the database (releasing LevelDB's lock) and then answers { type: 'stopped' }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

const port = parentPort;
if (!port) throw new Error('dynamodb-worker.mjs runs as a worker thread');

const server = dynalite({ path: workerData.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });

server.once('error', (error) =>
  port.postMessage({ type: 'error', code: error.code, message: error.message }),
);
server.listen(workerData.port, '127.0.0.1', () => {
  const address = server.address();
  port.postMessage({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});

port.on('message', (message) => {
  if (message !== 'stop') return;
  server.closeAllConnections();
  server.close(() => {
    port.postMessage({ type: 'stopped' });
    port.close();
  });
});
