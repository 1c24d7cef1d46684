/**
 * The suite's own rule (decision 360): test files share their worker's loaded modules, so none may replace a
 * module with vi.mock (the replacement would be missed by a worker that loaded the module already, or leak
 * into the next file). A test that watches or holds a call spies on the object its module calls through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { waitFor } from '../helpers/runtime.ts';
import { MIN_WAIT_MS, waitDeadline } from '../helpers/waits.ts';

const root = path.resolve(import.meta.dirname, '..');
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });

describe('the test suite', () => {
  it('replaces no module with vi.mock or vi.doMock', () => {
    const mocking = testFiles(root)
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(mocking).toEqual([]);
  });
});

// A deadline is only how long a failing test hangs (docs/decisions/448-tests-in-minutes.md): on a busy machine
// an answer comes late, not never, so no wait gives up before MIN_WAIT_MS, whatever a test asked for.
describe('waits on a busy machine', () => {
  it('gives waitFor at least MIN_WAIT_MS, and sees a quick answer at once', async () => {
    const started = Date.now();
    const late = started + 300;
    // A test asked for 10 ms; the answer comes after 300 ms (a busy machine): it is waited for.
    expect(await waitFor(() => (Date.now() >= late ? 'late' : undefined), 10, 'the late answer')).toBe(
      'late',
    );
    expect(waitDeadline(10)).toBe(MIN_WAIT_MS);
    expect(waitDeadline(MIN_WAIT_MS * 2)).toBe(MIN_WAIT_MS * 2);
    // Polled from 25 ms on: an answer ready after the first look is seen well before the old 100 ms.
    let looks = 0;
    const before = Date.now();
    await waitFor(() => (++looks > 1 ? true : undefined));
    expect(Date.now() - before).toBeLessThan(MIN_WAIT_MS);
    expect(looks).toBe(2);
  });

  it("gives the OCPP client's frame waits at least MIN_WAIT_MS", async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'ocpp1.6' });
    await new Promise((r) => server.once('listening', r));
    server.on('connection', (socket) => {
      socket.on('message', (data) => {
        const [, id] = JSON.parse(String(data)) as [number, string];
        // The answer comes after 300 ms; the test asked to wait 10 ms for it.
        setTimeout(() => socket.send(JSON.stringify([3, id, { currentTime: 'now' }])), 300);
      });
    });
    const { port } = server.address() as { port: number };
    const charger = await connectCharger(`http://127.0.0.1:${port}`, 'CP-1', undefined);
    try {
      const id = 'late-1';
      charger.send([2, id, 'Heartbeat', {}]);
      const answer = await charger.next((f) => f[0] === 3 && f[1] === id, 10);
      expect(answer[2]).toEqual({ currentTime: 'now' });
    } finally {
      await charger.close();
      await new Promise((r) => server.close(r));
    }
  });
});
