/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * The OCPP message log as the console reads it: frames in the order they went over the wire (a command the
 * platform sent before the charger's answer to it, an answer between the frames around it), answers to
 * commands named with the command's action, and a limit that bounds the frames returned, with pages that go
 * through every frame once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logMessage, recentMessages, sortKey } from '@functions/ocpp-messages/message-log.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
const open: OcppClient[] = [];

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
}, 120_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

const connect = async (id: string, protocol = 'ocpp1.6') => {
  const client = await connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, [protocol]);
  open.push(client);
  return client;
};

/** Every page of a charge point's log from `since`, `limit` messages at a time, through the console's route. */
async function allPages(chargePointId: string, since: number, limit: number) {
  const pages: any[][] = [];
  let before: string | undefined;
  do {
    const answer = await api(rt.url, operator, '/biz/chargePoint/messages', {
      id: chargePointId,
      from: since,
      limit,
      ...(before ? { before } : {}),
    });
    expect(answer.code).toBe(0);
    pages.push(answer.data.items);
    before = answer.data.next;
  } while (before && pages.length < 50);
  return pages;
}

describe('OCPP message log', () => {
  it('logs a command before the charger answer to it, and names the answer with the command action', async () => {
    const charger = await connect('DEMO-CP-001');
    // The charger answers every command at once, so the answer often arrives before PostToConnection returns.
    charger.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as unknown[];
      if (frame[0] === 2) charger.send([3, frame[1], { status: 'Accepted' }]);
    });
    const since = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await api(rt.url, operator, '/biz/command/send', {
        chargePointId: 'DEMO-CP-001',
        command: 'clearCache',
        params: {},
      });
      expect(sent.code, sent.msg).toBe(0);
      ids.push(sent.data.commandId);
      await waitFor(async () => {
        const { items } = await recentMessages('DEMO-CP-001', { from: since, limit: 500 });
        return items.filter((m) => m.messageId === sent.data.commandId).length === 2 ? true : undefined;
      });
    }
    const { items } = await recentMessages('DEMO-CP-001', { from: since, limit: 500 });
    for (const id of ids) {
      const frames = items.filter((m) => m.messageId === id);
      // Newest first: the answer, then the command.
      expect(frames.map((m) => [m.direction, m.messageType, m.action])).toEqual([
        ['in', 3, 'ClearCache'],
        ['out', 2, 'ClearCache'],
      ]);
      expect(frames[0]!.at > frames[1]!.at).toBe(true);
    }
  });

  it('bounds the frames returned by the limit, and pages through every frame once', async () => {
    const charger = await connect('DEMO-CP-002');
    const since = Date.now();
    for (let i = 0; i < 4; i++) await charger.call('DataTransfer', { vendorId: 'acme' });
    charger.send([3, 'no-such-command', {}]); // logged, never answered: a single frame
    expect((await charger.call('DataTransfer', { vendorId: 'acme' }))[0]).toBe(3);
    const all = await waitFor(async () => {
      const page = await recentMessages('DEMO-CP-002', { from: since, limit: 500 });
      return page.items.length === 11 ? page.items : undefined;
    });
    expect((await recentMessages('DEMO-CP-002', { from: since, limit: 3 })).items).toEqual(all.slice(0, 3));
    for (const limit of [1, 2, 3, 4]) {
      const pages = await allPages('DEMO-CP-002', since, limit);
      expect(pages.every((p) => p.length <= limit)).toBe(true);
      expect(pages.flat().map((m) => m.at)).toEqual(all.map((m) => m.at));
    }
  });

  it('logs every frame, whatever number it carries as its message type', async () => {
    // 1e300 and 1e-200 are numbers DynamoDB cannot store: the entry used to be lost with its write.
    const charger = await connect('DEMO-CP-003', 'ocpp2.0.1');
    const since = Date.now();
    const frames = ['[1e300,"t1",{}]', '[1e-200,"t2",{}]', '[2.5,"t3",{}]', '[-7,"t4",{}]'];
    for (const frame of frames) charger.send(frame);
    for (const id of ['t1', 't2', 't3', 't4'])
      expect((await charger.next((f) => f[1] === id))[2]).toBe('MessageTypeNotSupported');
    const { items } = await recentMessages('DEMO-CP-003', { from: since, limit: 500 });
    const logged = items.filter((m) => m.direction === 'in').map((m) => m.frame);
    expect(logged.sort()).toEqual([...frames].sort());
    expect(items.find((m) => m.frame === '[-7,"t4",{}]')?.messageType).toBe(-7);
  });

  it('orders an answer among the frames around it as they went over the wire', async () => {
    // A CALL received at t, a command sent at t + 10 ms while the CALL was handled, the CALL's answer sent at
    // t + 20 ms: stored as two items (the exchange under t), read back as three frames in wire order.
    const t = Date.now() - 60_000;
    await logMessage({
      chargePointId: 'LOG-WIRE',
      direction: 'in',
      frame: [2, 'a', 'Heartbeat', {}],
      at: sortKey(t),
      reply: { frame: JSON.stringify([3, 'a', { currentTime: 'x' }]), at: sortKey(t + 20) },
    });
    await logMessage({
      chargePointId: 'LOG-WIRE',
      direction: 'out',
      frame: [2, 'c', 'Reset', { type: 'Soft' }],
      at: sortKey(t + 10),
    });
    const { items } = await recentMessages('LOG-WIRE', { from: t - 1000 });
    expect(items.map((m) => [m.direction, m.messageId, m.action])).toEqual([
      ['out', 'a', 'Heartbeat'],
      ['out', 'c', 'Reset'],
      ['in', 'a', 'Heartbeat'],
    ]);
    const first = await recentMessages('LOG-WIRE', { from: t - 1000, limit: 1 });
    const second = await recentMessages('LOG-WIRE', { from: t - 1000, limit: 1, before: first.next });
    const third = await recentMessages('LOG-WIRE', { from: t - 1000, limit: 1, before: second.next });
    expect([...first.items, ...second.items, ...third.items]).toEqual(items);
    expect(third.next).toBeUndefined();
  });
  it('refuses a request with fields of the wrong kind instead of guessing', async () => {
    for (const body of [
      { id: 'DEMO-CP-001', limit: 'abc' },
      { id: 'DEMO-CP-001', limit: 501 },
      { id: 'DEMO-CP-001', limit: 0 },
      { id: 'DEMO-CP-001', from: { $gt: 0 } },
      { id: 'DEMO-CP-001', unknown: 1 },
      { id: ['DEMO-CP-001'] },
    ]) {
      const answer = await api(rt.url, operator, '/biz/chargePoint/messages', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.msg).not.toMatch(/^validation\./);
    }
  });
});
