/**
 * Benchmark (printed, not asserted; docs/decisions/440-ocpp-answers-before-bookkeeping.md): how long a charger
 * waits for the central system's answer to what it says, at 200 simulated chargers (OCPP 1.6 and 2.0.1 in
 * turn, two connectors each) on the local runtime (started in this process on a temporary data folder, DynamoDB
 * Local on disk as `npm start` runs it):
 * 1. connect and boot: every charger connects (20 at a time: the WebSocket handshake through the authorizer and
 *    `$connect`), boots and reports its connectors;
 * 2. traffic: for DURATION seconds, RATE times a second one charger starts a session on a free connector or
 *    stops one (Preparing, Authorize, StartTransaction / TransactionEvent Started, Charging, meter values every
 *    minute, Finishing, the stop, Available), with their heartbeats;
 * 3. a reboot wave: a tenth of the chargers reboot at once (their sessions stop, they connect, boot and report
 *    again).
 * Prints, per kind of answer (connect, BootNotification, StatusNotification, the rest), how many, p50, p95, p99
 * and max, and the CALLs left without an answer, the CALLERRORs and the connects refused; the frames sent per
 * second; the load average before and after. Target (decision 440): while the sessions run, p99 under 300 ms on
 * an idle two-core machine, and no answer lost in any phase while another process keeps both cores busy
 * (`yes > /dev/null &` twice).
 *
 *   npm run bench:answers                                  (200 chargers, mixed, RATE 2, 60 s)
 *   npm run bench:answers -- --chargers 50 --duration 20 --rate 1 --ocpp 2.0.1
 *   DYNAMODB_IN_MEMORY=1 npm run bench:answers
 */
import './quiet.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { registerChargers } from '@functions/devices/registration.ts';
import { startRuntime } from '@infra/local/runtime.ts';
import { DEMO_AGENT_ID, demoCardNumbers } from '@infra/local/seed/demo-chargers.ts';
import { DEMO_FEES } from '@infra/local/seed/demo-fees.ts';
import { protocolOf, SimulatedCharger, type OcppVersion } from '@infra/local/simulator/charger.ts';
import { fleetIds, versionAt } from '@infra/local/simulator/fleet.ts';

const { values: args } = parseArgs({
  options: {
    chargers: { type: 'string' },
    duration: { type: 'string' },
    rate: { type: 'string' },
    ocpp: { type: 'string' },
  },
});
const setting = (arg: string | undefined, env: string, fallback: number) =>
  Number(arg ?? process.env[env] ?? fallback);
const CHARGERS = setting(args.chargers, 'CHARGERS', 200);
const DURATION_S = setting(args.duration, 'DURATION', 60);
/** Session starts and stops per second (each is several frames). */
const RATE = setting(args.rate, 'RATE', 2);
const OCPP = (args.ocpp ?? process.env.OCPP ?? 'mixed') as OcppVersion | 'mixed';
const CONNECTORS = 2;
const PASSWORD = 'answers-cp-secret';
const ids = fleetIds('ANSWERS-CP-', CHARGERS);
process.env.DYNAMODB_IN_MEMORY ??= '0';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '-');

console.log(
  `Answers: ${CHARGERS} chargers (OCPP ${OCPP}, ${CONNECTORS} connectors), ${RATE} session starts/stops a ` +
    `second for ${DURATION_S} s, then a reboot wave; DynamoDB ${process.env.DYNAMODB_IN_MEMORY === '1' ? 'in memory' : 'on disk'}; ` +
    `${os.cpus().length} cores, load ${load()}, Node ${process.versions.node}`,
);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-answers-'));
const rt = await startRuntime({
  port: 0,
  mqttPort: 0,
  smtpPort: 0,
  dataDir,
  seed: 'demo', // the demo company owns the station and the cards
  seedHistory: false,
  simChargers: 0,
  log: () => undefined,
});
const tags = demoCardNumbers;
const chargers = ids.map(
  (id, i) =>
    new SimulatedCharger({
      url: rt.url.replace(/^http/, 'ws'),
      id,
      password: PASSWORD,
      ocpp: versionAt(OCPP, i),
      connectors: CONNECTORS,
      idTags: [tags[i % tags.length]!],
      callTimeoutMs: 30_000,
      rebootS: 1,
    }),
);

/** Answer times by kind (and by phase, `{phase} {kind}`), and what got no answer. */
const times = new Map<string, number[]>();
let phase = '1';
const note = (kind: string, t: number) => {
  for (const key of [kind, `${phase} ${kind}`]) times.set(key, [...(times.get(key) ?? []), t]);
};
let refusedConnects = 0;
for (const c of chargers) {
  let connectingAt = 0;
  c.on('connecting', () => (connectingAt = performance.now()));
  c.on('connected', () => note('connect', performance.now() - connectingAt));
  c.on('connectFailed', () => refusedConnects++);
  c.on('roundtrip', ({ action, ms: t, ok }: { action: string; ms: number; ok: boolean }) => {
    if (ok) note(action, t);
  });
}

let failed: unknown;
try {
  let t0 = performance.now();
  await registerChargers({
    tenant: `/${DEMO_AGENT_ID}/`,
    station: { name: 'Answers station', feeRuleId: DEMO_FEES.munich },
    password: PASSWORD,
    chargePoints: ids.map((chargePointId, i) => ({
      chargePointId,
      protocol: protocolOf(versionAt(OCPP, i)),
      connectors: CONNECTORS,
    })),
  });
  console.log(`  registered ${CHARGERS} chargers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // 1. Connect and boot.
  t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < chargers.length) await chargers[next++]!.start();
    }),
  );
  await Promise.all(chargers.map((c) => c.whenBooted(300_000).catch(() => undefined)));
  await Promise.all(chargers.map((c) => c.drain(60_000)));
  console.log(
    `  1. connected and booted ${chargers.filter((c) => c.booted).length}/${CHARGERS} in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load()})`,
  );

  // 2. Sessions start and stop.
  phase = '2';
  const callsBefore = chargers.reduce((n, c) => n + c.stats.callsSent, 0);
  t0 = performance.now();
  const running = new Set<Promise<unknown>>();
  let n = 0;
  while (performance.now() - t0 < DURATION_S * 1000) {
    const c = chargers[(n * 7919) % chargers.length]!; // spread over the fleet
    const connector = 1 + (Math.floor(n / chargers.length) % CONNECTORS);
    n++;
    const busy = c.connector(connector)?.session;
    const work = busy
      ? c.stopSession(connector, 'EVDisconnected')
      : c.booted && c.isOpen()
        ? c.startSession(connector)
        : Promise.resolve();
    const p = work.catch(() => undefined).finally(() => running.delete(p));
    running.add(p);
    await sleep(1000 / RATE);
  }
  const frames = chargers.reduce((n, c) => n + c.stats.callsSent, 0) - callsBefore;
  console.log(
    `  2. ${n} session starts and stops, ${frames} frames in ${DURATION_S} s ` +
      `(${(frames / DURATION_S).toFixed(1)} frames/s; load ${load()})`,
  );

  // 3. A reboot wave.
  phase = '3';
  t0 = performance.now();
  const wave = chargers.filter((_, i) => i % 10 === 0);
  await Promise.all(wave.map((c) => c.reboot('PowerLoss', 'PowerUp').catch(() => undefined)));
  await sleep(1500);
  await Promise.all(wave.map((c) => c.whenBooted(300_000).catch(() => undefined)));
  await Promise.all(running);
  await Promise.all(chargers.map((c) => c.drain(60_000)));
  console.log(
    `  3. ${wave.filter((c) => c.booted).length}/${wave.length} rebooted and back in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load()})`,
  );

  const unanswered = chargers.reduce((n, c) => n + c.stats.callTimeouts, 0);
  const callErrors = chargers.reduce((n, c) => n + c.stats.callErrors, 0);
  const named = ['connect', 'BootNotification', 'StatusNotification'];
  const of = (prefix: string, pick: (kind: string) => boolean) =>
    [...times.entries()]
      .filter(([key]) => key.startsWith(prefix) && key.split(' ').length === (prefix ? 2 : 1))
      .filter(([key]) => pick(key.split(' ').at(-1)!))
      .flatMap(([, t]) => t);
  const rows: [string, number[]][] = [];
  for (const [prefix, label] of [
    ['', 'all phases'],
    ['1 ', '1. connect and boot'],
    ['2 ', '2. sessions'],
    ['3 ', '3. reboot wave'],
  ] as const) {
    for (const kind of named) rows.push([`${label}: ${kind}`, of(prefix, (k) => k === kind)]);
    rows.push([
      `${label}: the rest (Authorize, transactions, meter values, heartbeats)`,
      of(prefix, (k) => !named.includes(k)),
    ]);
    rows.push([`${label}: every CALL`, of(prefix, (k) => k !== 'connect')]);
  }
  console.log('');
  console.log('| answer | count | p50 | p95 | p99 | max |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [kind, list] of rows) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${sorted.length} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | ` +
        `${ms(pct(sorted, 99))} | ${ms(sorted.at(-1) ?? NaN)} |`,
    );
  }
  console.log(
    `  CALLs left without an answer: ${unanswered}; CALLERRORs: ${callErrors}; connects refused or timed ` +
      `out: ${refusedConnects}; load average ${load()}`,
  );
  // The latency target is the fleet's running (phase 2); the start of 200 chargers at once and the reboot wave
  // are bursts, shown above. Nothing may be lost in any phase.
  const whileRunning = of('2 ', (k) => k !== 'connect').sort((a, b) => a - b);
  const lost = unanswered + callErrors + refusedConnects;
  console.log(
    `  target (sessions running: p99 < 300 ms; nothing lost in any phase): ` +
      `${pct(whileRunning, 99) < 300 && !lost ? 'met' : 'NOT met'} (p99 ${ms(pct(whileRunning, 99))}, lost ${lost})`,
  );
  if (rt.errors.length)
    console.log(`  runtime errors (${rt.errors.length}): ${rt.errors.slice(-3).join(' | ')}`);
} catch (error) {
  failed = error;
  console.error('The answers bench failed:', error);
} finally {
  await Promise.all(chargers.map((c) => c.stop()));
  await rt.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
