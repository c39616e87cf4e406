import { createServer } from 'node:net';

/** Asks the OS for a free port on 127.0.0.1 (port 0), then releases it for the emulator to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly what: string,
  ) {
    super(
      `Port ${port} is already in use, so the ${what} cannot start. Stop the other program or pick another port (for example PORT=3001 npm start).`,
    );
    this.name = 'PortInUseError';
  }
}

/** Fails fast with a clear message instead of an EADDRINUSE stack trace deep inside an emulator. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, what) : error),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
