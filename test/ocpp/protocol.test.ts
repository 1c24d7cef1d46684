/**
 * The OCPP endpoint against bad input, on the real local runtime: every bad frame gets the CALLERROR the
 * standard names or a clean close, and a well-behaved charger connected at the same time keeps being served.
 * Only Heartbeat and payloads refused before any action runs are used, plus a test-only action (below).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { createCommand, getCommand, markSent } from '@functions/commands/store.ts';
import { getLive } from '@functions/chargepoints/live.ts';
import { actionsFor, type Action } from '@functions/ocpp/actions.ts';
import { connectionsOf } from '@functions/chargepoints/connections.ts';
import { logMessage, recentMessages } from '@functions/ocpp-messages/message-log.ts';
import { validateResponse } from '@functions/ocpp-messages/schemas.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

/**
 * A test-only action on top of the real 1.6 ones, for what no real action should ever do: GetConfiguration
 * (a platform-to-charger action the platform never handles from a charger) throws for key "throw" and answers
 * a payload that breaks its schema for key "invalid". Set on the version's action table for this file only.
 */
const actions16 = actionsFor('ocpp1.6');
const testAction: Action = async ({ payload }) => {
  const key = (payload.key as string[] | undefined)?.[0];
  if (key === 'throw') throw new Error('secret stack detail');
  if (key === 'invalid') return { configurationKey: 'not a list' };
  return { configurationKey: [] };
};

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
/** A well-behaved charger connected through every test. */
let bystander: OcppClient;

const connect = (id: string, protocols = ['ocpp1.6']) =>
  connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, protocols);
const closed = (c: OcppClient) =>
  new Promise<{ code: number; reason: string }>((resolve) => {
    if (c.socket.readyState === c.socket.CLOSED) return resolve({ code: -1, reason: 'already closed' });
    c.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });

/** The code of a CALLERROR frame (a clear message for any other frame). */
const errorOf = (frame: unknown[]) =>
  frame[0] === 4 && frame.length === 5 ? frame[2] : `not a CALLERROR: ${JSON.stringify(frame)}`;

/** The bystander's Heartbeat is still answered, and quickly. */
async function bystanderServed() {
  const started = Date.now();
  const answer = await bystander.call('Heartbeat', {});
  expect(answer[0]).toBe(3);
  expect(Date.now() - started).toBeLessThan(5_000);
}

beforeAll(async () => {
  actions16.GetConfiguration = testAction;
  rt = await startTestRuntime();
  bystander = await connect('DEMO-CP-005', ['ocpp2.0.1']);
});
afterAll(async () => {
  delete actions16.GetConfiguration;
  await bystander?.close();
  await rt?.cleanup();
});

describe('OCPP endpoint', () => {
  it('answers a 1.6 and a 2.0.1 Heartbeat with schema-valid payloads', async () => {
    for (const protocol of ['ocpp1.6', 'ocpp2.0.1']) {
      const charger = await connect('DEMO-CP-001', [protocol]);
      expect(charger.protocol).toBe(protocol);
      const answer = await charger.call('Heartbeat', {});
      expect(answer[0]).toBe(3);
      expect(validateResponse(protocol, 'Heartbeat', answer[2])).toEqual({ ok: true });
      await charger.close();
    }
  });

  it('answers malformed frames and wrong message types with the CALLERROR of the version', async () => {
    const v16 = await connect('DEMO-CP-001', ['ocpp1.6']);
    v16.send('{"not": "closed"');
    expect(await v16.next((f) => f[0] === 4)).toEqual([
      4,
      '-1',
      'FormationViolation',
      expect.any(String),
      {},
    ]);
    v16.send('[2,"m1","Heartbeat"]');
    expect(errorOf(await v16.next((f) => f[1] === 'm1'))).toBe('FormationViolation');
    v16.send('[2,"m2","Heartbeat",[]]');
    expect(errorOf(await v16.next((f) => f[1] === 'm2'))).toBe('FormationViolation');
    v16.send('[7,"m3",{}]');
    expect(errorOf(await v16.next((f) => f[1] === 'm3'))).toBe('ProtocolError');
    v16.send('[2,17,"Heartbeat",{}]');
    expect(errorOf(await v16.next((f) => f[0] === 4 && f[1] === '-1' && v16.received.indexOf(f) > 0))).toBe(
      'FormationViolation',
    );
    await bystanderServed();
    // The connection still works, and its item is intact.
    expect((await v16.call('Heartbeat', {}))[0]).toBe(3);
    await v16.close();

    const v201 = await connect('DEMO-CP-002', ['ocpp2.0.1']);
    v201.send('not json at all');
    expect(errorOf(await v201.next((f) => f[0] === 4))).toBe('RpcFrameworkError');
    v201.send('[2,"n0","Heartbeat",null]');
    expect(errorOf(await v201.next((f) => f[1] === 'n0'))).toBe('FormatViolation');
    v201.send('[5,"n1",{}]');
    expect(errorOf(await v201.next((f) => f[1] === 'n1'))).toBe('MessageTypeNotSupported');
    expect((await v201.call('Heartbeat', {}))[0]).toBe(3);
    await v201.close();
    await bystanderServed();
  });

  it('answers NotImplemented for unknown and unhandled actions', async () => {
    const charger = await connect('DEMO-CP-001', ['ocpp1.6']);
    expect(errorOf(await charger.call('NoSuchAction', {}))).toBe('NotImplemented');
    expect(errorOf(await charger.call('TransactionEvent', {}))).toBe('NotImplemented');
    expect(errorOf(await charger.call('constructor', {}))).toBe('NotImplemented');
    // A 1.6 action the charger may not call (the platform sends it).
    expect(errorOf(await charger.call('RemoteStartTransaction', { idTag: 'T1' }))).toBe('NotImplemented');
    await charger.close();
    await bystanderServed();
  });

  it('answers a payload that breaks the schema with the code the standard names, before any action runs', async () => {
    const v16 = await connect('DEMO-CP-001', ['ocpp1.6']);
    const missing = await v16.call('BootNotification', { chargePointModel: 'X1' });
    expect(missing).toEqual([4, missing[1], 'OccurenceConstraintViolation', expect.any(String), {}]);
    expect(missing[3]).toContain('chargePointVendor');
    expect(
      errorOf(await v16.call('BootNotification', { chargePointVendor: 5, chargePointModel: 'X1' })),
    ).toBe('TypeConstraintViolation');
    expect(
      errorOf(
        await v16.call('BootNotification', { chargePointVendor: 'x'.repeat(21), chargePointModel: 'X1' }),
      ),
    ).toBe('PropertyConstraintViolation');
    expect(errorOf(await v16.call('Heartbeat', { unexpected: true }))).toBe('FormationViolation');
    await v16.close();

    const v201 = await connect('DEMO-CP-002', ['ocpp2.0.1']);
    expect(
      errorOf(await v201.call('BootNotification', { reason: 'PowerUp', chargingStation: { model: 'X1' } })),
    ).toBe('OccurrenceConstraintViolation');
    expect(errorOf(await v201.call('Heartbeat', { unexpected: true }))).toBe('ProtocolError');
    await v201.close();
    await bystanderServed();
  });

  it('refuses numbers no record can hold (found by the fuzz pass), before any action runs', async () => {
    // The schemas only say "integer" or "number": an integer JavaScript cannot hold exactly, or a fraction
    // below DynamoDB's smallest number, made the action fail with an InternalError.
    const v16 = await connect('DEMO-CP-001', ['ocpp1.6']);
    const status = { errorCode: 'NoError', status: 'Available' };
    const huge = await v16.call('StatusNotification', { connectorId: 2 ** 53 + 2, ...status });
    expect(errorOf(huge)).toBe('PropertyConstraintViolation');
    expect(huge[3]).toContain('connectorId');
    expect(errorOf(await v16.call('StatusNotification', { connectorId: -(2 ** 60), ...status }))).toBe(
      'PropertyConstraintViolation',
    );
    await v16.close();
    const v201 = await connect('DEMO-CP-002', ['ocpp2.0.1']);
    const report = { requestId: 1, generatedAt: new Date().toISOString() };
    expect(errorOf(await v201.call('NotifyReport', { ...report, seqNo: 9007199254740994 }))).toBe(
      'PropertyConstraintViolation',
    );
    const tiny = await v201.call('MeterValues', {
      evseId: 1,
      meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: 1e-200 }] }],
    });
    expect(errorOf(tiny)).toBe('PropertyConstraintViolation');
    expect(tiny[3]).toContain('meterValue.0.sampledValue.0.value');
    // Ordinary numbers still pass.
    expect((await v201.call('NotifyReport', { ...report, seqNo: 0 }))[0]).toBe(3);
    await v201.close();
  });

  it('never sends an invalid answer nor a stack: InternalError instead', async () => {
    const charger = await connect('DEMO-CP-001', ['ocpp1.6']);
    expect(await charger.call('GetConfiguration', {})).toMatchObject([
      3,
      expect.any(String),
      { configurationKey: [] },
    ]);
    const thrown = await charger.call('GetConfiguration', { key: ['throw'] });
    expect(errorOf(thrown)).toBe('InternalError');
    expect(JSON.stringify(thrown)).not.toContain('secret stack detail');
    expect(errorOf(await charger.call('GetConfiguration', { key: ['invalid'] }))).toBe('InternalError');
    expect((await charger.call('Heartbeat', {}))[0]).toBe(3);
    await charger.close();
  });

  it('records a command answer that breaks its schema as a rejection with the reason', async () => {
    const charger = await connect('DEMO-CP-003', ['ocpp1.6']);
    const commandId = randomUUID();
    await createCommand({
      commandId,
      chargePointId: 'DEMO-CP-003',
      agentId: 'demo-operator',
      action: 'Reset',
      payload: { type: 'Soft' },
    });
    await markSent(commandId);
    charger.send([3, commandId, { status: 'Maybe' }]);
    const rejected = await waitFor(async () => {
      const c = await getCommand(commandId);
      return c?.status === 'rejected' ? c : undefined;
    });
    expect(rejected.error?.code).toBe('PropertyConstraintViolation');
    expect(rejected.result).toBeUndefined();

    // An answer that is not even a CALLRESULT's shape: rejected too, and nothing is sent back.
    const second = randomUUID();
    await createCommand({
      commandId: second,
      chargePointId: 'DEMO-CP-003',
      agentId: 'demo-operator',
      action: 'Reset',
      payload: { type: 'Hard' },
    });
    await markSent(second);
    charger.send([3, second, 'Accepted']);
    const broken = await waitFor(async () => {
      const c = await getCommand(second);
      return c?.status === 'rejected' ? c : undefined;
    });
    expect(broken.error?.code).toBe('FormationViolation');

    // A number no record can hold: rejected too (it used to leave the command waiting for its time-out).
    const third = randomUUID();
    await createCommand({
      commandId: third,
      chargePointId: 'DEMO-CP-003',
      agentId: 'demo-operator',
      action: 'GetLocalListVersion',
      payload: {},
    });
    await markSent(third);
    charger.send([3, third, { listVersion: 2 ** 53 + 2 }]);
    const unstorable = await waitFor(async () => {
      const c = await getCommand(third);
      return c?.status === 'rejected' ? c : undefined;
    }, 5_000);
    expect(unstorable.error?.code).toBe('PropertyConstraintViolation');
    expect((await charger.call('Heartbeat', {}))[0]).toBe(3);
    expect(charger.received.filter((f) => ([commandId, second, third] as unknown[]).includes(f[1]))).toEqual(
      [],
    );
    await charger.close();
  });

  it('never answers a CALLRESULT or CALLERROR, however broken: it is logged and ignored', async () => {
    // A command sent to another charger: its id must not let this charger end it.
    const foreign = randomUUID();
    await createCommand({
      commandId: foreign,
      chargePointId: 'DEMO-CP-005',
      agentId: 'demo-operator',
      action: 'ClearCache',
      payload: {},
    });
    await markSent(foreign);
    const since = Date.now();
    for (const protocol of ['ocpp1.6', 'ocpp2.0.1']) {
      const charger = await connect('DEMO-CP-003', [protocol]);
      const frames = [
        '[3,"x8"]',
        '[4,"x9"]',
        '[3]',
        '[4]',
        '[3,17,{}]',
        '[4,null,"GenericError","",{}]',
        '[3,"x10",[]]',
        '[3,"x11",{},{}]',
        '[4,"x12",5,"d",{}]',
        '[4,"x13","GenericError",7,{}]',
        '[4,"x14","GenericError","d",[]]',
        '[4,"x15","GenericError","d",{},1]',
        JSON.stringify([3, 'y'.repeat(40), {}]),
        JSON.stringify([3, randomUUID(), { status: 'Accepted' }]),
        JSON.stringify([4, randomUUID(), 'GenericError', 'unknown', {}]),
        JSON.stringify([3, foreign, { status: 'Accepted' }]),
        JSON.stringify([4, foreign, 'GenericError', 'not mine', {}]),
      ];
      for (const frame of frames) charger.send(frame);
      // Frames of a connection are handled in order: once the Heartbeat is answered, every frame before it was
      // handled, and none of them got anything back.
      const heartbeat = await charger.call('Heartbeat', {});
      expect(heartbeat[0]).toBe(3);
      expect(charger.received).toEqual([heartbeat]);
      await charger.close();
    }
    expect((await getCommand(foreign))?.status).toBe('sent');
    // Each one is in the message log, as it came.
    const logged = await waitFor(async () => {
      const page = await recentMessages('DEMO-CP-003', { from: since, limit: 500 });
      return page.items.filter((m) => m.frame === '[3,"x8"]').length === 2 ? page.items : undefined;
    });
    expect(
      logged.filter((m) => m.frame === JSON.stringify([4, foreign, 'GenericError', 'not mine', {}])),
    ).toHaveLength(2);
    await bystanderServed();
  });

  it('closes a connection that sends a frame over 128 KB with 1009, and serves everyone else', async () => {
    const charger = await connect('DEMO-CP-001', ['ocpp1.6']);
    const done = closed(charger);
    charger.send(JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'x', data: 'x'.repeat(129 * 1024) }]));
    expect((await done).code).toBe(1009);
    await bystanderServed();
    // The charger can come back.
    const again = await connect('DEMO-CP-001', ['ocpp1.6']);
    expect((await again.call('Heartbeat', {}))[0]).toBe(3);
    await again.close();
    expect(rt.errors.filter((e) => e.includes('websocket'))).toEqual([]);
  });

  it('lets a second connection of the same charge point win and closes the first', async () => {
    const first = await connect('DEMO-CP-004', ['ocpp1.6']);
    const [firstItem] = await connectionsOf('DEMO-CP-004');
    expect(await getLive('DEMO-CP-004')).toMatchObject({
      online: true,
      protocol: 'ocpp1.6',
      connectionId: firstItem?.connectionId,
    });
    const firstClosed = closed(first);
    const second = await connect('DEMO-CP-004', ['ocpp2.0.1']);
    expect((await firstClosed).code).toBe(1000);
    const answer = await second.call('Heartbeat', {});
    expect(validateResponse('ocpp2.0.1', 'Heartbeat', answer[2])).toEqual({ ok: true });
    await waitFor(async () => ((await connectionsOf('DEMO-CP-004')).length === 1 ? true : undefined));
    const [live] = await connectionsOf('DEMO-CP-004');
    expect(live?.protocol).toBe('ocpp2.0.1');
    // The first socket closed after the second had connected: the charger stays online on the second.
    expect(await getLive('DEMO-CP-004')).toMatchObject({
      online: true,
      protocol: 'ocpp2.0.1',
      connectionId: live?.connectionId,
    });
    await bystanderServed();
    await second.close();
    await waitFor(async () => ((await connectionsOf('DEMO-CP-004')).length === 0 ? true : undefined));
    await waitFor(async () => ((await getLive('DEMO-CP-004')).online ? undefined : true));
  });

  it('closes a connection that floods the platform with 1008, and serves everyone else', async () => {
    const flooder = await connect('DEMO-CP-003', ['ocpp1.6']);
    const done = closed(flooder);
    for (let i = 0; i < 600; i++) flooder.send([2, `f${i}`, 'Heartbeat', {}]);
    const { code } = await done;
    expect(code).toBe(1008);
    await bystanderServed();
    expect(flooder.received.length).toBeLessThan(600);
  });

  it('logs frames in and out, newest first, within a 3-day window', async () => {
    const charger = await connect('DEMO-CP-002', ['ocpp1.6']);
    const since = Date.now();
    // A Heartbeat writes nothing (decision 430): a DataTransfer is logged with its answer.
    expect((await charger.call('Heartbeat', {}))[0]).toBe(3);
    const answer = await charger.call('DataTransfer', { vendorId: 'acme' });
    charger.send('garbage');
    await charger.next((f) => f[0] === 4 && f[1] === '-1');
    await charger.close();
    const id = answer[1] as string;

    const { items, from, to } = await waitFor(async () => {
      const page = await recentMessages('DEMO-CP-002', { from: since });
      return page.items.length >= 4 ? page : undefined;
    });
    expect(Date.parse(to) - Date.parse(from)).toBeLessThanOrEqual(3 * 86_400_000);
    expect(items.map((m) => [m.direction, m.messageId])).toEqual([
      ['out', '-1'],
      ['in', undefined],
      ['out', id],
      ['in', id],
    ]);
    expect(items[3]).toMatchObject({
      action: 'DataTransfer',
      messageType: 2,
      frame: `[2,"${id}","DataTransfer",{"vendorId":"acme"}]`,
    });
    expect(items[2]).toMatchObject({ action: 'DataTransfer', messageType: 3 });
    expect(items[1]).toMatchObject({ frame: 'garbage' });
    expect(items.every((m) => m.expiresAt > Date.now() / 1000 + 29 * 86_400)).toBe(true);
    const sorted = [...items].sort((a, b) => (a.at < b.at ? 1 : -1));
    expect(items).toEqual(sorted);

    // Pages (a limit counts messages: a frame and its answer are two; test/ocpp/message-log.test.ts), and
    // expired entries are skipped (DynamoDB Local never expires them).
    const firstPage = await recentMessages('DEMO-CP-002', { from: since, limit: 2 });
    expect(firstPage.items).toEqual(items.slice(0, 2));
    const secondPage = await recentMessages('DEMO-CP-002', { from: since, limit: 2, before: firstPage.next });
    expect(secondPage.items).toEqual(items.slice(2, 4));
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.tableName('ocppLog'),
        Item: {
          chargePointId: 'DEMO-CP-002',
          at: `${new Date().toISOString()}#x`,
          frame: '[]',
          expiresAt: 1,
        },
      }),
    );
    expect((await recentMessages('DEMO-CP-002', { from: since })).items).toHaveLength(4);
  });

  it('keeps two messages of the same millisecond apart and refuses windows over 3 days', async () => {
    const at = Date.now();
    const a = await logMessage({
      chargePointId: 'LOG-ONLY',
      direction: 'in',
      frame: [2, 'a', 'Heartbeat', {}],
      at,
    });
    const b = await logMessage({ chargePointId: 'LOG-ONLY', direction: 'out', frame: [3, 'a', {}], at });
    expect(a.at).not.toBe(b.at);
    expect((await recentMessages('LOG-ONLY')).items.map((m) => m.direction)).toEqual(['out', 'in']);
    await expect(recentMessages('LOG-ONLY', { from: at - 4 * 86_400_000, to: at })).rejects.toMatchObject({
      message: 'server.rangeTooLong',
    });
    await expect(recentMessages('LOG-ONLY', { from: at, to: at - 1000 })).rejects.toMatchObject({
      message: 'server.rangeReversed',
    });
    await expect(recentMessages('LOG-ONLY', { from: 'yesterday' })).rejects.toMatchObject({
      message: 'server.validation',
    });
  });
});
