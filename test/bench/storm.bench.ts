/**
 * Benchmark (printed, not asserted; decision 440, docs/measurements.md): a reconnect storm. N simulated chargers (registered in bulk)
 * are connected to the local runtime (started in this process on a temporary data folder) through a TCP
 * proxy; the proxy then drops every connection at once and refuses new ones for an outage; meanwhile some
 * chargers end a session (StopTransaction / TransactionEvent Ended into their offline buffer), some start
 * one with local authorisation (StartTransaction / TransactionEvent Started into the buffer), and a few are
 * switched off for good. When the outage ends every charger reconnects with its own backoff (1 s doubling
 * to 30 s, with jitter, as a fleet does). Reported:
 * - the time until every charger is connected again, and until the presence view shows each online;
 * - the presence view afterwards: a charger shown online that is gone, or offline while connected (must be 0);
 * - duplicate connection records: charge points with more than one (must be 0);
 * - lost offline-buffered transaction messages: a buffered start or stop whose session is not recorded, or
 *   not completed with exactly one order (must be 0); doubled orders (must be 0);
 * - every CALL's answer time and the CALLs left without an answer (must be 0).
 *
 *   npm run bench:storm                                    (1000 chargers, 1.6 and 2.0.1, 10 s outage)
 *   DYNAMODB_IN_MEMORY=1 npm run bench:storm
 *   npm run bench:storm -- --chargers 200 --outage 5 --ocpp 2.0.1
 */
import './quiet.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { getLiveMany } from '@functions/chargepoints/live.ts';
import { registerChargers } from '@functions/devices/registration.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import { startRuntime } from '@infra/local/runtime.ts';
import { DEMO_AGENT_ID, demoCardNumbers } from '@infra/local/seed/demo-chargers.ts';
import { DEMO_FEES } from '@infra/local/seed/demo-fees.ts';
import { protocolOf, SimulatedCharger, type OcppVersion } from '@infra/local/simulator/charger.ts';
import { fleetIds, versionAt } from '@infra/local/simulator/fleet.ts';

const { values: args } = parseArgs({
  options: {
    chargers: { type: 'string' },
    outage: { type: 'string' },
    ocpp: { type: 'string' },
  },
});
const setting = (arg: string | undefined, env: string, fallback: number) =>
  Number(arg ?? process.env[env] ?? fallback);
const CHARGERS = setting(args.chargers, 'CHARGERS', 1000);
const OUTAGE_S = setting(args.outage, 'OUTAGE', 10);
const OCPP = (args.ocpp ?? process.env.OCPP ?? 'mixed') as OcppVersion | 'mixed';
/** Chargers that end a session offline, start one offline, and never come back (each a tenth, a fiftieth). */
const STOPPERS = Math.floor(CHARGERS / 10);
const STARTERS = Math.floor(CHARGERS / 10);
const GONE = Math.max(1, Math.floor(CHARGERS / 50));
process.env.DYNAMODB_JVM_OPTS ??= '-XX:+UseParallelGC -Xms512m -Xmx2g';
const PASSWORD = 'storm-cp-secret';
const TENANT = `/${DEMO_AGENT_ID}/`;
const ids = fleetIds('STORM-CP-', CHARGERS);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '-');
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
/** Polls `test` every 250 ms until it holds or `ms` passed; `tick` is called every 30 s meanwhile. */
async function until(test: () => boolean | Promise<boolean>, ms: number, tick?: () => void) {
  const end = Date.now() + ms;
  let ticked = Date.now();
  while (!(await test())) {
    if (Date.now() > end) return false;
    if (tick && Date.now() - ticked >= 30_000) {
      ticked = Date.now();
      tick();
    }
    await sleep(250);
  }
  return true;
}
const benchStart = performance.now();
const progress = (line: string) =>
  console.log(
    `  … ${line} (${seconds(performance.now() - benchStart)}, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
const phases: { name: string; ms: number; outcome: string }[] = [];
function phase(name: string, since: number, outcome: string) {
  phases.push({ name, ms: performance.now() - since, outcome });
  console.log(`  ${name}: ${outcome} in ${seconds(performance.now() - since)}`);
}
/** How long the chargers get to connect and boot at first (each retries on its own back-off meanwhile). */
const BOOT_DEADLINE_MS = setting(undefined, 'BOOT_DEADLINE', 600) * 1000;

/**
 * Starts a session once the charger is booted and connected; a charger that lost its connection meanwhile
 * is waited for again (it reconnects on its own), a few times, as a driver would try again.
 */
async function startWhenBooted(c: SimulatedCharger, idTag: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await c.whenBooted(120_000);
      if (!c.isOpen()) await c.waitFor('connected', () => true, 120_000);
      return await c.startSession(1, idTag);
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(1000 * 2 ** attempt);
    }
  }
}

/** A TCP proxy in front of the runtime: it can drop every connection at once and refuse new ones. */
async function startProxy(targetPort: number) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.resetAndDestroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `ws://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Both sides see a reset, as when a load balancer or a link goes down. */
    drop() {
      open = false;
      for (const [client, upstream] of pairs) {
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      }
      pairs.clear();
    },
    reopen() {
      open = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

console.log(
  `Reconnect storm: ${CHARGERS} chargers (OCPP ${OCPP}), ${OUTAGE_S} s outage, ${STOPPERS} stop and ` +
    `${STARTERS} start a session offline, ${GONE} never come back; DynamoDB ${process.env.DYNAMODB_IN_MEMORY === '1' ? 'in memory' : 'on disk'}; ` +
    `${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.versions.node}`,
);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-storm-'));
const rt = await startRuntime({
  port: 0,
  mqttPort: 0,
  smtpPort: 0,
  dataDir,
  seed: 'demo',
  simChargers: 0,
  log: () => undefined,
});
const proxy = await startProxy(rt.port);
const chargers = ids.map(
  (id, i) =>
    new SimulatedCharger({ url: proxy.url, id, password: PASSWORD, ocpp: versionAt(OCPP, i), connectors: 1 }),
);
/** Every CALL's answer time (ms), in the order answered. */
const answers: number[] = [];
for (const c of chargers)
  c.on('roundtrip', ({ ms, ok }: { ms: number; ok: boolean }) => ok && answers.push(ms));
let failed: unknown;
try {
  let t0 = performance.now();
  await registerChargers({
    tenant: TENANT,
    station: { name: 'Storm station', feeRuleId: DEMO_FEES.munich },
    password: PASSWORD,
    chargePoints: ids.map((chargePointId, i) => ({
      chargePointId,
      protocol: protocolOf(versionAt(OCPP, i)),
      connectors: 1,
    })),
  });
  phase('registration', t0, `${CHARGERS} chargers`);

  t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < chargers.length) await chargers[next++]!.start();
    }),
  );
  // A charger whose first connect or boot failed keeps trying on its own back-off.
  const booted = await until(
    () => chargers.every((c) => c.booted),
    BOOT_DEADLINE_MS,
    () => progress(`booted ${chargers.filter((c) => c.booted).length}/${CHARGERS}`),
  );
  phase(
    'first connect and boot',
    t0,
    `${chargers.filter((c) => c.booted).length}/${CHARGERS}${booted ? '' : ' (not all)'}`,
  );

  // Roles: the first tenth ends a session while offline, the second starts one, the last few vanish.
  const stoppers = chargers.slice(0, STOPPERS);
  const starters = chargers.slice(STOPPERS, STOPPERS + STARTERS);
  const gone = chargers.slice(-GONE);
  const staying = chargers.slice(0, -GONE);
  const tag = (i: number) => demoCardNumbers[i % demoCardNumbers.length]!;
  const buffered: { charger: SimulatedCharger; kind: 'start' | 'stop'; tx?: string }[] = [];
  t0 = performance.now();
  const setUp = await Promise.allSettled(
    stoppers.map(async (c, i) => {
      const s = await startWhenBooted(c, tag(i));
      buffered.push({ charger: c, kind: 'stop', tx: String(s.transactionId) });
    }),
  );
  let notSetUp = setUp.filter((r) => r.status === 'rejected').length;
  phase('sessions started', t0, `${STOPPERS - notSetUp}/${STOPPERS}`);

  // The drop.
  const reconnectsBefore = chargers.reduce((n, c) => n + c.stats.connects, 0);
  proxy.drop();
  const droppedAt = performance.now();
  const answersBefore = answers.length;
  await sleep(1000);
  for (const c of stoppers) void c.stopSession(1, 'EVDisconnected');
  const offlineStarts = starters.map((c, i) => {
    const entry: (typeof buffered)[number] = { charger: c, kind: 'start' };
    buffered.push(entry);
    return c
      .startSession(1, tag(i), { offline: true })
      .then((s) => {
        entry.tx = String(s.transactionId);
        // Unplugged a little later: its stop follows the start's answer.
        return sleep(500).then(() => c.stopSession(1, 'EVDisconnected'));
      })
      .catch(() => {
        // Never started (the charger was not booted when the outage came): nothing was buffered.
        if (entry.tx === undefined) {
          buffered.splice(buffered.indexOf(entry), 1);
          notSetUp++;
        }
      });
  });
  await Promise.all(gone.map((c) => c.stop()));
  await sleep(1000);
  const bufferedMessages = staying.reduce((n, c) => n + c.queued, 0);
  await sleep(Math.max(0, OUTAGE_S * 1000 - (performance.now() - droppedAt)));
  phase('outage', droppedAt, `${bufferedMessages} messages buffered`);

  // The outage ends: every charger comes back on its own backoff.
  proxy.reopen();
  const reopenedAt = performance.now();
  const allConnected = await until(
    () => staying.every((c) => c.isOpen()),
    300_000,
    () => progress(`connected ${staying.filter((c) => c.isOpen()).length}/${staying.length}`),
  );
  const connectedMs = performance.now() - reopenedAt;
  phase('back connected', reopenedAt, `${staying.filter((c) => c.isOpen()).length}/${staying.length}`);
  const allShown = await until(async () => {
    const live = await getLiveMany(staying.map((c) => c.id));
    return [...live.values()].every((l) => l.online);
  }, 120_000);
  const shownMs = performance.now() - reopenedAt;
  phase('shown online', reopenedAt, allShown ? 'all' : 'not all');
  await Promise.all(offlineStarts);
  const drained = (await Promise.all(staying.map((c) => c.drain(60_000)))).every(Boolean);
  phase('buffers drained', reopenedAt, drained ? 'all' : 'not all');

  // Presence: online exactly when connected.
  const live = await getLiveMany(ids);
  const shownOnlineGone = chargers.filter((c) => !c.isOpen() && live.get(c.id)!.online).length;
  const shownOfflineConnected = chargers.filter((c) => c.isOpen() && !live.get(c.id)!.online).length;

  // Duplicate connection records.
  const perCharger = new Map<string, number>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(
      new ScanCommand({ TableName: config.tableName('connections'), ExclusiveStartKey }),
    );
    for (const c of page.Items ?? [])
      perCharger.set(String(c.chargePointId), (perCharger.get(String(c.chargePointId)) ?? 0) + 1);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const duplicates = [...perCharger.values()].filter((n) => n > 1).length;
  const connectionsOfGone = gone.filter((c) => perCharger.has(c.id)).length;

  // Every buffered start or stop: its session recorded, completed, and exactly one order.
  const orderCounts = async () => {
    const counts = new Map<string, number>();
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamoDocument().send(
        new QueryCommand({
          TableName: config.tableName('main'),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :o AND begins_with(gsi1sk, :t)',
          ExpressionAttributeValues: { ':o': 'ORDER', ':t': TENANT },
          ExclusiveStartKey: start,
        }),
      );
      for (const o of page.Items ?? []) {
        const key = `${String(o.chargePointId)}#${String(o.transactionId)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return counts;
  };
  let lost = 0;
  let doubled = 0;
  const settled = await until(async () => {
    const orders = await orderCounts();
    lost = 0;
    doubled = 0;
    for (const b of buffered) {
      const session = b.tx ? await getSession(b.charger.id, b.tx) : undefined;
      const count = orders.get(`${b.charger.id}#${b.tx}`) ?? 0;
      if (session?.status !== 'completed' || count === 0) lost++;
      if (count > 1) doubled++;
    }
    return lost === 0;
  }, 60_000);
  phase('buffered sessions with their order', reopenedAt, `${buffered.length - lost}/${buffered.length}`);

  const after = answers.slice(answersBefore).sort((a, b) => a - b);
  const unanswered = chargers.reduce((n, c) => n + c.stats.callTimeouts, 0);
  const callErrors = chargers.reduce((n, c) => n + c.stats.callErrors, 0);
  const reconnects = chargers.reduce((n, c) => n + c.stats.connects, 0) - reconnectsBefore;
  const failures = chargers.reduce((n, c) => n + c.stats.connectFailures, 0);
  console.log('');
  console.log(
    '| chargers | back (connected) | shown online | reconnects | failed attempts | buffered messages | wrong presence | duplicate connections | lost | doubled |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${CHARGERS} (${GONE} gone) | ${allConnected ? seconds(connectedMs) : 'not all'} | ` +
      `${allShown ? seconds(shownMs) : 'not all'} | ${reconnects} | ${failures} | ${bufferedMessages} ` +
      `(${buffered.length} sessions) | ${shownOnlineGone + shownOfflineConnected} | ${duplicates} | ` +
      `${lost} | ${doubled} |`,
  );
  console.log('');
  console.log('| phase | took | outcome |');
  console.log('| --- | --- | --- |');
  for (const p of phases) console.log(`| ${p.name} | ${seconds(p.ms)} | ${p.outcome} |`);
  console.log(
    `  answers after the drop: ${after.length}, p50 ${ms(pct(after, 50))}, p95 ${ms(pct(after, 95))}, ` +
      `p99 ${ms(pct(after, 99))}, max ${ms(after.at(-1) ?? NaN)}; CALLs left without an answer: ${unanswered}; ` +
      `CALLERRORs: ${callErrors}; ` +
      `sessions not set up: ${notSetUp}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  if (!drained) console.log('  some chargers did not drain their buffers within 60 s');
  if (!settled) console.log('  some buffered sessions had no completed order after 60 s');
  if (connectionsOfGone) console.log(`  ${connectionsOfGone} gone chargers still have a connection record`);
  if (rt.errors.length)
    console.log(`  runtime errors (${rt.errors.length}): ${rt.errors.slice(-3).join(' | ')}`);
} catch (error) {
  failed = error;
  console.error('The storm bench failed:', error);
} finally {
  await Promise.all(chargers.map((c) => c.stop()));
  await proxy.close();
  await rt.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
