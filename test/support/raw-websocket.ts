import { randomBytes } from 'node:crypto';
import { connect as connectTcp, type Socket } from 'node:net';

/** Raw WebSocket frames for the hostile-connection tests and the security probe. */

/** Opens the WebSocket by hand, so frames can be written byte by byte. */
export async function openRawWebSocket(address: string): Promise<Socket> {
  const url = new URL(address);
  const socket = connectTcp(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  socket.write(
    [
      `GET ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (head.startsWith('HTTP/1.1 101')) resolve();
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
  });
  return socket;
}

/** The server's close frame (opcode 8), read from what it sends back: its status code. */
export function closeCodeFrom(socket: Socket): Promise<number | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      const data = Buffer.concat(chunks);
      resolve(((data[0] ?? 0) & 0x0f) === 8 && data.length >= 4 ? data.readUInt16BE(2) : null);
    });
  });
}

/** A masked client frame header (FIN set) for a payload of `length` bytes. */
export function frameHeader(opcode: number, length: number, firstByteExtra = 0): Buffer {
  const mask = randomBytes(4);
  if (length < 126)
    return Buffer.concat([Buffer.from([0x80 | opcode | firstByteExtra, 0x80 | length]), mask]);
  const header = Buffer.alloc(10);
  header[0] = 0x80 | opcode | firstByteExtra;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([header, mask]);
}
