import net from 'node:net';

/**
 * A free port below the kernel's ephemeral range (32768 and up), for a child runtime that must come back on
 * the same port after a restart. A port the kernel hands out (listen on 0) can be taken, between the check and
 * the child's listen or across the restart, by any outgoing connection of the tests running beside it.
 */
export async function steadyPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port below the ephemeral range');
}
