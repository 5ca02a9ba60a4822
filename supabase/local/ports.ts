import { createServer } from 'node:net';
import { StackError } from './errors.ts';

/** Fails with a one-line, actionable message when a port we need is taken. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
        reject(
          new StackError(
            `Port ${port} (${what}) on 127.0.0.1 is already in use: stop whatever holds it ` +
              `(see \`ss -ltnp | grep :${port}\`; maybe another \`npm run backend\`) or start on another ` +
              'port with `--port N` (gateway N, Postgres N+1, PostgREST N+2).',
          ),
        );
      } else {
        reject(error);
      }
    });
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()));
  });
}

/**
 * Like assertPortFree, but gives a process that is still exiting (a leftover just stopped) up to
 * `ms` to let go of the port first.
 */
export async function waitPortFree(port: number, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await assertPortFree(port, what);
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
