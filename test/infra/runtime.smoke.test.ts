/**
 * Runtime smoke test: the local runtime on a temporary data folder, exercised through the real wire
 * protocols: health, console, OCPP WebSocket ($connect authorizer, route response), a queued command reaching
 * the charger through PostToConnection, the DLQ, the state machine, IoT and schedules.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { StartSyncExecutionCommand } from '@aws-sdk/client-sfn';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument, iotDataClient, sfnClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { createCommand, getCommand } from '@functions/commands/store.ts';
import { commandKey } from '@functions/data/commands.ts';
import { subscriptionKey } from '@functions/accounts/plan-subscriptions.ts';
import { energyBoxStateKey } from '@functions/energybox/telemetry.ts';
import { getExportTask } from '@functions/api/export-tasks.ts';
import { stateMachineArn } from '@infra/local/stepfunctions.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { failingQueue, testTopology } from '../fixtures/test-topology.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
/** The main table's name as the functions see it (prefixed on the test run's shared database). */
let main: string;

/** Records a command and queues it, as the console's command API will. */
async function queueCommand(chargePointId: string, action: string, payload: Record<string, unknown>) {
  const commandId = randomUUID();
  await createCommand({ commandId, chargePointId, agentId: 'demo-operator', action, payload });
  await rt.queues.sqs.send(
    new SendMessageCommand({
      QueueUrl: rt.queues.queueUrls.commands,
      MessageBody: JSON.stringify({ commandId }),
    }),
  );
  return commandId;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ topology: testTopology });
  main = config.tableName('main');
});
afterAll(async () => {
  await rt?.cleanup();
});

describe('local runtime', () => {
  it('reports every stand-in healthy', async () => {
    const res = await fetch(`${rt.url}/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    for (const name of ['dynamodb', 'sqs', 's3', 'stepfunctions', 'websocket', 'iot', 'smtp', 'stripe']) {
      expect(body.services[name]).toEqual({ status: 'ok' });
    }
  });

  it('serves the console under /charge/ with the SPA fallback and security headers', async () => {
    const page = await fetch(`${rt.url}/charge/some/deep/route`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await page.text()).toContain('<div id="root">');
    const root = await fetch(`${rt.url}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/charge/');
  });

  it('answers unknown API paths with 404 and never a stack trace', async () => {
    const res = await fetch(`${rt.url}/admin/nothing/here`, { method: 'POST', body: '{' });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/at .*\.ts/);
  });

  it('runs the HTTP authorizer before user routes: 401 without a valid login, the caller identity with one', async () => {
    const url = `${rt.url}/test/whoami/42?x=1`;
    expect((await fetch(url)).status).toBe(401);
    const forged = await fetch(url, { headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.status).toBe(401);
    expect((await forged.json()).msg).toBe('Login failed, please login again');
    const token = await login(rt.url, 'admin', 'Admin12345');
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({
      caller: { authenticated: true, userId: 'user-admin', username: 'admin', agentId: '', kind: 'user' },
      id: '42',
      query: { x: '1' },
    });
  });

  it('accepts a registered charger with its password and negotiates the subprotocol', async () => {
    const charger = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, [
      'ocpp2.0.1',
      'ocpp1.6',
    ]);
    expect(charger.protocol).toBe('ocpp2.0.1');
    const answer = await charger.call('Heartbeat', {});
    expect(answer[0]).toBe(3);
    expect(typeof (answer[2] as { currentTime: string }).currentTime).toBe('string');
    await charger.close();
  });

  it('refuses unknown chargers, wrong passwords and missing credentials at $connect', async () => {
    await expect(connectCharger(rt.url, 'NOPE-1', 'x')).rejects.toThrow('HTTP 403');
    await expect(connectCharger(rt.url, 'DEMO-CP-002', 'wrong-password')).rejects.toThrow('HTTP 403');
    await expect(connectCharger(rt.url, 'DEMO-CP-002', undefined)).rejects.toThrow('HTTP 403');
  });

  it('answers a malformed frame with the CALLERROR the standard names', async () => {
    const charger = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    charger.send('this is not json');
    const error = await charger.next((f) => f[0] === 4);
    expect(error[2]).toBe('FormationViolation');
    const unknown = await charger.call('NoSuchAction', {});
    expect(unknown[2]).toBe('NotImplemented');
    await charger.close();
  });

  it('delivers a queued command to the charger with PostToConnection and records its answer', async () => {
    const charger = await connectCharger(rt.url, 'DEMO-CP-004', DEMO_CHARGER_PASSWORD);
    const commandId = await queueCommand('DEMO-CP-004', 'Reset', { type: 'Soft' });

    const call = await charger.next((f) => f[0] === 2 && f[1] === commandId);
    expect(call).toEqual([2, commandId, 'Reset', { type: 'Soft' }]);
    await waitFor(async () => (await getCommand(commandId))?.status === 'sent' || undefined, 10_000, 'sent');
    charger.send([3, commandId, { status: 'Accepted' }]);
    const answered = await waitFor(async () => {
      const c = await getCommand(commandId);
      return c?.status === 'answered' ? c : undefined;
    });
    expect(answered.result).toEqual({ status: 'Accepted' });
    await charger.close();
  });

  it('marks a command to a charger that is not connected as offline', async () => {
    const commandId = await queueCommand('DEMO-CP-005', 'Reset', { type: 'Hard' });
    await waitFor(
      async () => (await getCommand(commandId))?.status === 'offline' || undefined,
      10_000,
      'offline',
    );
  });

  it('moves messages a consumer keeps failing to the dead-letter queue', async () => {
    await rt.queues.sqs.send(
      new SendMessageCommand({ QueueUrl: rt.queues.queueUrls[failingQueue.id], MessageBody: '{"n":1}' }),
    );
    const inDlq = await waitFor(
      async () => {
        const { Attributes } = await rt.queues.sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl: rt.queues.dlqUrls[failingQueue.id],
            AttributeNames: ['ApproximateNumberOfMessages'],
          }),
        );
        const n = Number(Attributes?.ApproximateNumberOfMessages ?? 0);
        return n > 0 ? n : undefined;
      },
      20_000,
      'the DLQ',
    );
    expect(inDlq).toBe(1);
  });

  // The deployed ASL through the local Step Functions endpoint and the domain's task handlers; the paths that
  // activate a subscription (a paid quote holding the company's payment lock) run in
  // test/subscription/subscribe.test.ts through the API.
  it('runs the subscription-payment state machine through its tasks (a failed card payment)', async () => {
    await dynamoDocument().send(
      new PutCommand({
        TableName: main,
        Item: {
          ...subscriptionKey('sub-card'),
          subscribeId: 'sub-card',
          agentId: 'demo-operator',
          status: 'pending',
          validDays: 365,
          toPayFee: 0,
        },
      }),
    );
    const failed = await sfnClient().send(
      new StartSyncExecutionCommand({
        stateMachineArn: stateMachineArn('subscriptionPayment'),
        input: JSON.stringify({
          action: 'pay',
          subscribeId: 'sub-card',
          amount: 1000,
          paymentMethodId: 'pm_none',
        }),
      }),
    );
    // A refused payment is an answer of the workflow (code 1 with the provider's reason), not a failed run.
    expect(failed.status).toBe('SUCCEEDED');
    expect(JSON.parse(failed.output!)).toMatchObject({ code: 1, subscribeId: 'sub-card' });
    expect(JSON.parse(failed.output!).reason).toBeTruthy();
    const { Item: record } = await dynamoDocument().send(
      new GetCommand({ TableName: main, Key: subscriptionKey('sub-card') }),
    );
    expect(record?.status).toBe('failed');
  });

  it('runs IoT rules on device telemetry and publishes through the data plane', async () => {
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${rt.iot.mqttPort}`, { clientId: 'EB-1' });
    await device.subscribeAsync('ebox/EB-1/commands');
    const gotCommand = new Promise<string>((resolve) =>
      device.on('message', (_t, payload) => resolve(payload.toString())),
    );
    await device.publishAsync('ebox/EB-1/telemetry', JSON.stringify({ loadLimit: 80, ratedCurrent: 32 }));
    const state = await waitFor(async () => {
      const { Item } = await dynamoDocument().send(
        new GetCommand({ TableName: main, Key: energyBoxStateKey('EB-1') }),
      );
      return Item;
    });
    expect(state).toMatchObject({ code: 'EB-1', loadLimit: 80, ratedCurrent: 32 });

    await iotDataClient().send(
      new PublishCommand({
        topic: 'ebox/EB-1/commands',
        payload: new TextEncoder().encode('{"loadLimit":50}'),
      }),
    );
    expect(JSON.parse(await gotCommand)).toEqual({ loadLimit: 50 });
    await device.endAsync();
  });

  it('fires schedules: the command time-out sweep marks unanswered commands', async () => {
    const commandId = randomUUID();
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await dynamoDocument().send(
      new PutCommand({
        TableName: main,
        Item: {
          ...commandKey(commandId),
          commandId,
          chargePointId: 'DEMO-CP-001',
          agentId: 'demo-operator',
          action: 'Reset',
          payload: {},
          status: 'sent',
          createdAt: long,
          sentAt: long,
          gsi1pk: 'COMMANDSTATUS#sent',
          gsi1sk: long,
        },
      }),
    );
    const result = (await rt.schedules.fire('commandTimeoutSweep')) as { timedOut: number };
    expect(result.timedOut).toBeGreaterThanOrEqual(1);
    expect((await getCommand(commandId))?.status).toBe('timeout');
  });

  it('queues the nightly finance export once per day and settles the task through the exports queue', async () => {
    const first = (await rt.schedules.fire('financeExport')) as { taskId: string; queued: boolean };
    expect(first.queued).toBe(true);
    const again = (await rt.schedules.fire('financeExport')) as { taskId: string; queued: boolean };
    expect(again).toEqual({ taskId: first.taskId, queued: false });
    // The worker writes the file (its rows are test/orders/revenue.test.ts's) and settles the task.
    const task = await waitFor(async () => {
      const t = await getExportTask(first.taskId);
      return t?.status === 'done' || t?.status === 'failed' ? t : undefined;
    });
    expect(task).toMatchObject({ status: 'done' });
    expect(task.path).toMatch(/\.xlsx$/);
  });

  it('captures mail sent over SMTP in the data folder', async () => {
    const socket = net.connect(rt.smtp.port, '127.0.0.1');
    const lines: string[] = [];
    socket.on('data', (d) => lines.push(d.toString()));
    const say = async (text: string, expectCode: string) => {
      socket.write(`${text}\r\n`);
      await waitFor(() => lines.join('').includes(expectCode) || undefined, 5000, expectCode);
      lines.length = 0;
    };
    await waitFor(() => lines.join('').startsWith('220') || undefined);
    lines.length = 0;
    await say('HELO test', '250');
    await say('MAIL FROM:<alarms@demo.local>', '250');
    await say('RCPT TO:<ops@demo.local>', '250');
    await say('DATA', '354');
    await say('Subject: Charger faulted\r\n\r\nDEMO-CP-001 connector 1 faulted\r\n.', '250');
    socket.end('QUIT\r\n');
    const files = readdirSync(rt.smtp.mailDir);
    expect(files).toHaveLength(1);
    const mail = readFileSync(path.join(rt.smtp.mailDir, files[0]!), 'utf8');
    expect(mail).toContain('X-Envelope-To: ops@demo.local');
    expect(mail).toContain('DEMO-CP-001 connector 1 faulted');
  });
});
