/** The SMTP sink: alarm mail is really sent over SMTP and lands as .eml files in the data folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export async function startSmtp(dataDir: string, port: number) {
  const dir = path.join(dataDir, 'mail');
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++count}.eml`;
        writeFileSync(
          path.join(dir, name),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as { port: number };
  return {
    port: address.port,
    mailDir: dir,
    check: async () => {
      if (!server.server.listening) throw new Error('SMTP listener is closed');
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
