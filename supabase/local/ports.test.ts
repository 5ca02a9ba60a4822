import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortFree } from './ports.ts';

describe('assertPortFree', () => {
  it('passes for a free port and names the port and the way out when busy', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await expect(assertPortFree(port, 'gateway')).rejects.toThrow(`Port ${port} (gateway)`);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(assertPortFree(port, 'gateway')).resolves.toBeUndefined();
  });
});
