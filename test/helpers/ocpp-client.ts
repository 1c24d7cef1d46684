/** A minimal OCPP-J client over a real WebSocket (infra/local/simulator grows from the same idea). */
import WebSocket from 'ws';
import { waitDeadline } from './waits.ts';

export interface OcppClient {
  socket: WebSocket;
  protocol: string;
  received: unknown[][];
  call(action: string, payload: object): Promise<unknown[]>;
  next(predicate: (frame: unknown[]) => boolean, timeoutMs?: number): Promise<unknown[]>;
  send(frame: unknown[] | string): void;
  close(): Promise<void>;
}

export function connectCharger(
  baseUrl: string,
  chargePointId: string,
  password: string | undefined,
  protocols: string[] = ['ocpp1.6'],
): Promise<OcppClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ocpp/${encodeURIComponent(chargePointId)}`;
  const headers = password
    ? { authorization: `Basic ${Buffer.from(`${chargePointId}:${password}`).toString('base64')}` }
    : undefined;
  const socket = new WebSocket(url, protocols, { headers });
  const received: unknown[][] = [];
  const waiters: { predicate: (f: unknown[]) => boolean; resolve: (f: unknown[]) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as unknown[];
    received.push(frame);
    const i = waiters.findIndex((w) => w.predicate(frame));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(frame);
  });
  // The deadline is at least MIN_WAIT_MS (test/helpers/waits.ts): a busy machine answers late, not never.
  const next = (predicate: (f: unknown[]) => boolean, timeoutMs?: number) =>
    new Promise<unknown[]>((resolve, reject) => {
      const found = received.find(predicate);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error('No matching OCPP frame')), waitDeadline(timeoutMs));
      waiters.push({ predicate, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        protocol: socket.protocol,
        received,
        next,
        send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        call: (action, payload) => {
          const id = Math.random().toString(36).slice(2);
          socket.send(JSON.stringify([2, id, action, payload]));
          return next((f) => (f[0] === 3 || f[0] === 4) && f[1] === id);
        },
        close: () =>
          new Promise((r) => {
            if (socket.readyState === socket.CLOSED) return r();
            socket.once('close', () => r());
            socket.close();
          }),
      }),
    );
  });
}

/** A 2.0.1 TransactionEvent's `meterValue`: the energy register at `ms` (epoch), in Wh. */
export const energyRegister = (ms: number, wh: number) => [
  {
    timestamp: new Date(ms).toISOString(),
    sampledValue: [{ value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } }],
  },
];
