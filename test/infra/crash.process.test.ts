/**
 * A crash in the middle of the day (docs/decisions/356-crash-safety-test.md): the runtime, started as `npm
 * start` starts it, is killed with SIGKILL while tens of chargers of both OCPP versions run sessions; a new
 * runtime starts on the same data folder and port; the chargers (in this test process, so they outlive the
 * crash) reconnect with their backoff and send what their offline buffer kept. Then everything is reconciled
 * against what the chargers saw: every transaction message they got an answer for is recorded, every
 * completed session is exactly one order, no card is debited twice, no Java process of the dead runtime
 * remains, the chargers that never came back show offline and the others online, and what was queued at the
 * crash finished or failed visibly. The figures are printed for docs/measurements.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createCommand, getCommand } from '@functions/commands/store.ts';
import { getLiveMany } from '@functions/chargepoints/live.ts';
import { registerChargers } from '@functions/devices/registration.ts';
import { getExportTask } from '@functions/api/export-tasks.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { forgetInstanceCaches } from '@functions/lib/memo.ts';
import { findCard } from '@functions/accounts/payers.ts';
import type { Session } from '@functions/sessions/transactions.ts';
import { readJvmRecord } from '@infra/local/dynamodb.ts';
import { fromRoot } from '@infra/local/paths.ts';
import { DEMO_FEES } from '@infra/local/seed/demo-fees.ts';
import { demoCardNumbers } from '@infra/local/seed/demo-chargers.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { fleetIds, startFleet, versionAt, type Fleet } from '@infra/local/simulator/fleet.ts';
import { envNames } from '@shared/topology/env.ts';
import { topology } from '@shared/topology/index.ts';
import { orphanExport } from '../helpers/exports.ts';
import { steadyPort } from '../helpers/ports.ts';
import { waitDeadline } from '../helpers/waits.ts';

const CHARGERS = 40;
/** Chargers switched off for good while the runtime is down: they must show offline afterwards. */
const GONE = 3;
const PASSWORD = 'crash-cp-secret';
const TENANT = '/demo-operator/';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-crash-'));
const children: ChildProcess[] = [];
let fleet: Fleet | undefined;

afterAll(async () => {
  await fleet?.stop();
  const killed = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of killed) child.kill('SIGKILL');
  // The watchdog ends the JVM of a killed runtime (a test that failed half-way): its folder goes after it.
  if (killed.length)
    await until(() => javaProcesses().length === 0, 45_000, 'the JVM of a killed runtime').catch(
      () => undefined,
    );
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Waits until `test` holds, within `ms` (at least MIN_WAIT_MS: test/helpers/waits.ts). */
async function until(test: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + waitDeadline(ms);
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}
/**
 * Waits until `count()` reaches `target`, failing only when it has not grown for `stallMs` (at least
 * MIN_WAIT_MS): a busy machine makes progress slowly, a stuck one makes none.
 */
async function untilCount(count: () => number, target: number, stallMs: number, what: string) {
  let last = count();
  let movedAt = Date.now();
  while (count() < target) {
    if (count() > last) [last, movedAt] = [count(), Date.now()];
    if (Date.now() - movedAt > waitDeadline(stallMs))
      throw new Error(`Timed out waiting for ${what}: ${count()} of ${target}, none for ${stallMs / 1000} s`);
    await sleep(100);
  }
}
const javaProcesses = () =>
  execFileSync('ps', ['-ww', '-eo', 'args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('DynamoDBLocal.jar') && line.includes(dataDir));

/** The runtime as `npm start` runs it, in its own process; this process then reads its database. */
async function startRuntime(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/runtime.ts'], {
    cwd: fromRoot(),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      SMTP_PORT: '0',
      SIM_CHARGERS: '0',
      AWS_LOOPBACK_ONLY: '1',
      LOG_LEVEL: 'ERROR',
      // The demo data without its made-up history (20-30 s of CPU): the test reconciles only its own chargers
      // (docs/decisions/448-tests-in-minutes.md).
      SEED_HISTORY: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  // A busy machine (the whole suite beside it) can take minutes to seed and start: the deadline is generous.
  await until(() => output.includes('is ready') || child.exitCode !== null, 240_000, 'the runtime');
  if (child.exitCode !== null) throw new Error(`runtime did not start: ${output}`);
  const jvm = readJvmRecord(dataDir)!;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = jvm.endpoint;
  for (const t of topology.tables) process.env[envNames.table(t.id)] = t.id;
  // This process reads another deployment's tables now: what the functions cached before is not theirs.
  forgetInstanceCaches();
  return { child, jvm, output: () => output };
}

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Transaction messages a charger got an answer for, by kind. */
interface Answered {
  started: Set<string>;
  stopped: Set<string>;
}

/** Watches a charger's frames: a transaction CALL and the CALLRESULT with its id. */
function track(charger: SimulatedCharger, answered: Answered) {
  const calls = new Map<string, { action: string; payload: Record<string, unknown> }>();
  charger.on('frame', ({ direction, text }: { direction: string; text: string }) => {
    const frame = JSON.parse(text) as unknown[];
    if (direction === 'out' && frame[0] === 2)
      calls.set(String(frame[1]), { action: String(frame[2]), payload: frame[3] as Record<string, unknown> });
    if (direction !== 'in' || frame[0] !== 3) return;
    const call = calls.get(String(frame[1]));
    if (!call) return;
    calls.delete(String(frame[1]));
    const key = (tx: unknown) => `${charger.id}#${String(tx)}`;
    const answer = frame[2] as Record<string, unknown>;
    if (call.action === 'StartTransaction') answered.started.add(key(answer.transactionId));
    if (call.action === 'StopTransaction') answered.stopped.add(key(call.payload.transactionId));
    if (call.action === 'TransactionEvent') {
      const tx = key((call.payload.transactionInfo as Record<string, unknown>).transactionId);
      if (call.payload.eventType === 'Started') answered.started.add(tx);
      if (call.payload.eventType === 'Ended') answered.stopped.add(tx);
    }
  });
}

/** Sessions one after the other on connector 1 until told to finish; a start while disconnected is retried. */
async function drive(charger: SimulatedCharger, finishing: () => boolean, index: number) {
  const tag = demoCardNumbers[index % demoCardNumbers.length]!;
  while (!finishing()) {
    await sleep(200 + Math.random() * 1000);
    if (finishing()) return;
    const started = await charger.startSession(1, tag).then(
      () => true,
      () => false,
    );
    if (!started) continue;
    await sleep(1000 + Math.random() * 3000);
    await charger.stopSession(1, 'Local');
  }
}

describe('a runtime killed with SIGKILL mid-session', () => {
  it('loses, doubles and leaves behind nothing', { timeout: 1_800_000 }, async () => {
    const port = await steadyPort();
    const first = await startRuntime(port);

    const ids = fleetIds('CRASH-CP-', CHARGERS);
    await registerChargers({
      tenant: TENANT,
      station: { name: 'Crash test station', feeRuleId: DEMO_FEES.munich },
      password: PASSWORD,
      chargePoints: ids.map((chargePointId, i) => ({
        chargePointId,
        protocol: versionAt('mixed', i) === '1.6' ? 'ocpp1.6' : 'ocpp2.0.1',
        connectors: 1,
      })),
    });
    const answered: Answered = { started: new Set(), stopped: new Set() };
    fleet = await startFleet({
      url: `ws://127.0.0.1:${port}`,
      ids,
      ocpp: 'mixed',
      password: PASSWORD,
      connectors: 1,
      timeScale: 60,
      reconnect: { minMs: 500, maxMs: 4000 },
      onCharger: (c) => track(c, answered),
    });
    const chargers = fleet.chargers;
    await Promise.all(chargers.map((c) => c.whenBooted(60_000)));
    let finishing = false;
    const drivers = chargers.map((c, i) => drive(c, () => finishing, i));
    // Sessions under way before the crash: a quarter of the chargers have had a start answered (a busy
    // machine answers late, so this waits for the answers, not for a time).
    await untilCount(() => answered.started.size, CHARGERS / 4, 240_000, 'sessions under way');

    // What is in flight at the crash besides sessions: a command and an export whose queue messages die.
    const commandId = randomUUID();
    await createCommand({
      commandId,
      chargePointId: ids[0]!,
      agentId: 'demo-operator',
      action: 'ClearCache',
      payload: {},
    });
    const taskId = await orphanExport('crash', 'pending');

    // The crash.
    const sessionsAtCrash = chargers.reduce((n, c) => n + c.sessions.length, 0);
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await until(() => first.child.exitCode !== null || first.child.signalCode !== null, 5_000, 'the kill');
    // Sessions end while the runtime is down: their stops wait in the chargers' offline buffers (a stop
    // whose start is still unanswered waits for that answer, so these are not awaited here).
    const back = chargers.slice(0, -GONE);
    const gone = chargers.slice(-GONE);
    for (const c of back) void c.stopSession(1, 'Local');
    await Promise.all(gone.map((c) => c.stop()));
    await until(() => !alive(first.jvm.pid), 10_000, 'the dead runtime’s JVM to end');
    const buffered = back.reduce((n, c) => n + c.queued, 0);

    const second = await startRuntime(port);
    const restartedMs = Date.now() - killedAt;
    expect(second.jvm.pid).not.toBe(first.jvm.pid);
    expect(javaProcesses()).toHaveLength(1);
    await until(() => back.every((c) => c.isOpen()), 60_000, 'every charger back');
    const reconnectedMs = Date.now() - killedAt;

    // Sessions go on after the restart until as many have ended as chargers came back (what the reconciling
    // below asks for), however long a busy machine takes.
    await untilCount(() => answered.stopped.size, back.length, 240_000, 'a session ended per charger back');
    finishing = true;
    await Promise.all(drivers.slice(0, -GONE)); // (a switched-off charger's driver never ends)
    await Promise.all(back.map((c) => c.stopSession(1, 'Local')));
    await Promise.all(back.map((c) => c.drain(240_000))); // answered as soon as it is, however busy the machine

    // Reconcile. Sessions and orders of the test's chargers.
    const ours = new Set(ids);
    const sessionsOf = async () =>
      (
        (await queryAll({
          TableName: config.tableName('main'),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :t AND begins_with(gsi1sk, :tenant)',
          ExpressionAttributeValues: { ':t': 'TX', ':tenant': TENANT },
        })) as unknown as Session[]
      ).filter((s) => ours.has(s.chargePointId));
    const ordersOf = async () =>
      (
        await queryAll({
          TableName: config.tableName('main'),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :o AND begins_with(gsi1sk, :tenant)',
          ExpressionAttributeValues: { ':o': 'ORDER', ':tenant': TENANT },
        })
      ).filter((o) => ours.has(String(o.chargePointId)));
    const txKey = (o: { chargePointId?: unknown; transactionId?: unknown }) =>
      `${String(o.chargePointId)}#${String(o.transactionId)}`;
    // Every completed session reaches the order pipeline (the hand-offs of the dead runtime included).
    await until(
      async () => {
        const orders = new Set((await ordersOf()).map(txKey));
        return (await sessionsOf()).every((s) => s.status !== 'completed' || orders.has(txKey(s)));
      },
      60_000,
      'an order for every completed session',
    );
    const sessions = await sessionsOf();
    const orders = await ordersOf();
    const recorded = new Map(sessions.map((s) => [txKey(s), s]));
    const lostStarts = [...answered.started].filter((k) => !recorded.has(k));
    const lostStops = [...answered.stopped].filter((k) => recorded.get(k)?.status !== 'completed');
    const orderCount = new Map<string, number>();
    for (const o of orders) orderCount.set(txKey(o), (orderCount.get(txKey(o)) ?? 0) + 1);
    const completed = sessions.filter((s) => s.status === 'completed');
    const doubledOrders = [...orderCount.values()].filter((n) => n > 1).length;
    const orphanOrders = orders.filter((o) => !recorded.has(txKey(o))).length;
    // A repeated 1.6 start (its answer lost in the crash) must not open a second session.
    const starts = new Map<string, number>();
    for (const s of sessions) {
      const k = `${s.chargePointId}#${s.connectorNo}#${s.startTime}`;
      starts.set(k, (starts.get(k) ?? 0) + 1);
    }
    const doubledSessions = [...starts.values()].filter((n) => n > 1).length;

    // Cards: what the ledger took is what the paid orders cost, and each order is debited once.
    const units = (v: unknown) => Math.round(Number(v) * 10_000);
    let ledgerUnits = 0;
    let paidUnits = 0;
    let debits = 0;
    const debitedOrders = new Set<string>();
    for (const cardNo of demoCardNumbers) {
      const card = (await findCard(TENANT, cardNo))!;
      const ledger = await queryAll({
        TableName: config.tableName('main'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `CARDLEDGER#${card.id}` },
      });
      for (const entry of ledger.filter((e) => e.type === 'consume')) {
        ledgerUnits -= units(entry.amount);
        debits++;
        debitedOrders.add(String(entry.orderNo));
      }
      paidUnits += orders
        .filter((o) => o.cardId === card.id && Number(o.payFlag) === 1)
        .reduce((sum, o) => sum + units(o.actualFee), 0);
    }

    // Presence: online exactly when connected; one connection record per connected charger.
    const live = await getLiveMany(ids);
    const wrongPresence = chargers.filter((c) => live.get(c.id)!.online !== c.isOpen()).map((c) => c.id);
    const { Items: connections = [] } = await dynamoDocument().send(
      new ScanCommand({ TableName: config.tableName('connections') }),
    );
    const perCharger = new Map<string, number>();
    for (const c of connections)
      perCharger.set(String(c.chargePointId), (perCharger.get(String(c.chargePointId)) ?? 0) + 1);

    const figures = {
      chargers: CHARGERS,
      sessionsRunningAtCrash: sessionsAtCrash,
      bufferedMessagesAtRestart: buffered,
      sessions: sessions.length,
      completed: completed.length,
      orders: orders.length,
      answeredStarts: answered.started.size,
      answeredStops: answered.stopped.size,
      lost: lostStarts.length + lostStops.length,
      doubled: doubledOrders + doubledSessions + (debits - debitedOrders.size),
      restartSeconds: restartedMs / 1000,
      allReconnectedSeconds: reconnectedMs / 1000,
    };
    console.log(`crash test figures: ${JSON.stringify(figures)}`);

    expect(lostStarts).toEqual([]);
    expect(lostStops).toEqual([]);
    expect(doubledOrders).toBe(0);
    expect(doubledSessions).toBe(0);
    expect(orphanOrders).toBe(0);
    expect(completed.every((s) => orderCount.get(txKey(s)) === 1)).toBe(true);
    expect(debits).toBe(debitedOrders.size);
    expect(ledgerUnits).toBe(paidUnits);
    expect(completed.length).toBeGreaterThanOrEqual(back.length); // every charger that came back ended a session
    expect(wrongPresence).toEqual([]);
    for (const c of chargers) expect(perCharger.get(c.id) ?? 0).toBe(c.isOpen() ? 1 : 0);
    expect(gone.every((c) => live.get(c.id)!.online === false)).toBe(true);

    // What was queued at the crash ended visibly: the command failed, the export finished.
    expect((await getCommand(commandId))?.status).toBe('failed');
    await until(async () => (await getExportTask(taskId))?.status === 'done', 30_000, 'the export');

    await fleet.stop();
    fleet = undefined;
    const stopped = new Promise((r) => second.child.once('exit', r));
    second.child.kill('SIGINT');
    await stopped;
    expect(alive(first.jvm.pid)).toBe(false);
    expect(alive(second.jvm.pid)).toBe(false);
    expect(javaProcesses()).toHaveLength(0);
  });
});
