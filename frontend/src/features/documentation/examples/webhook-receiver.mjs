// An LBM Studio webhook receiver (Node 18+): checks each delivery's signature with the Standard
// Webhooks library, then answers at once and does the work after.
//   npm install standardwebhooks
//   LBM_WEBHOOK_SECRET=whsec_… PORT=8080 node webhook-receiver.mjs
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.LBM_WEBHOOK_SECRET);
const port = Number(process.env.PORT ?? 8080);
// Ids already handled: an attempt may come twice (a retry, a redelivery), always with the same id.
const handled = new Set();

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      // Checks the signature and that the timestamp is within five minutes.
      event = webhook.verify(body, request.headers);
    } catch {
      response.writeHead(401).end();
      return;
    }
    const id = request.headers['webhook-id'];
    response.writeHead(204).end();
    if (handled.has(id)) return;
    handled.add(id);
    console.log(`Verified ${event.type} ${id}`);
    if (event.type === 'job.succeeded')
      console.log(`Job ${event.data.jobId} is ready at ${event.data.statusUrl}`);
  });
  // HOST=127.0.0.1 keeps it to this machine (behind a reverse proxy that terminates https).
}).listen(port, process.env.HOST, () => console.log(`Listening on port ${port}`));
