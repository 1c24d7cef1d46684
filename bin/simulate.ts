/**
 * `npm run simulate -- [options]`: simulated OCPP chargers against a running central system (by default the
 * local runtime of `npm start` and its demo chargers). Ctrl-C stops them.
 *
 *   --url URL            central system (default ws://localhost:3000; /ocpp/{id} is appended)
 *   --chargers N         how many (default 1), named PREFIX + 3-digit number from --first
 *   --prefix P           id prefix (default DEMO-CP-)       --first N   first number (default 1)
 *   --ids a,b,c          explicit ids instead of prefix/number
 *   --ocpp V             1.6, 2.0.1 or mixed (default 1.6)
 *   --password S         Basic auth password (default demo-cp-secret)
 *   --sessions           run sessions in a loop on every connector
 *   --faults             now and then a fault that clears after a while
 *   --connectors N       connectors (1.6) / EVSEs (2.0.1) per charger (default 2)
 *   --power-type AC|DC   --max-power kW (default 22 AC, 50 DC)
 *   --id-tags a,b        id tags the session loop uses (default SIM-TAG-001)
 *   --time-scale X       simulated seconds per real second (default 1)
 *   --concurrency N      connections opened at once (default 20)
 *   --validate           check every frame sent against the OCPP schemas
 *   --verbose / --quiet  every event and log line / only the periodic summary
 */
import { parseArgs } from 'node:util';
import { fleetIds, startFleet } from '@infra/local/simulator/fleet.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'ws://localhost:3000' },
    chargers: { type: 'string', default: '1' },
    prefix: { type: 'string', default: 'DEMO-CP-' },
    first: { type: 'string', default: '1' },
    ids: { type: 'string' },
    ocpp: { type: 'string', default: '1.6' },
    password: { type: 'string', default: 'demo-cp-secret' },
    sessions: { type: 'boolean', default: false },
    faults: { type: 'boolean', default: false },
    connectors: { type: 'string', default: '2' },
    'power-type': { type: 'string', default: 'AC' },
    'max-power': { type: 'string' },
    'id-tags': { type: 'string' },
    'time-scale': { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '20' },
    validate: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowPositionals: false,
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (values.help) {
  console.log(
    'Usage: npm run simulate -- --chargers N --ocpp 1.6|2.0.1|mixed [--sessions] [--url ws://host:port] ...',
  );
  console.log('See bin/simulate.ts for every option.');
  process.exit(0);
}
const count = Number(values.chargers);
if (!Number.isInteger(count) || count < 1) fail('--chargers must be a whole number ≥ 1');
const ocpp = values.ocpp;
if (ocpp !== '1.6' && ocpp !== '2.0.1' && ocpp !== 'mixed') fail('--ocpp must be 1.6, 2.0.1 or mixed');
const powerType = values['power-type'].toUpperCase();
if (powerType !== 'AC' && powerType !== 'DC') fail('--power-type must be AC or DC');
const ids = values.ids
  ? values.ids
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : fleetIds(values.prefix, count, Number(values.first));
const verbose = values.verbose || (!values.quiet && ids.length <= 10);
const stamp = () => new Date().toISOString().slice(11, 19);
const say = (line: string) => console.log(`${stamp()} ${line}`);

say(`Starting ${ids.length} simulated charger(s), OCPP ${ocpp}, against ${values.url}`);
const fleet = await startFleet({
  url: values.url,
  ids,
  ocpp,
  password: values.password,
  connectors: Number(values.connectors),
  powerType,
  maxPowerKw: values['max-power'] ? Number(values['max-power']) : undefined,
  timeScale: Number(values['time-scale']),
  sessions: values.sessions,
  faults: values.faults,
  idTags: values['id-tags']?.split(',').map((s) => s.trim()),
  validate: values.validate,
  concurrency: Number(values.concurrency),
  log: values.verbose ? say : undefined,
  onCharger: watch,
});

function watch(c: SimulatedCharger) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each event has its own payload
  const on = (event: string, text: (value: any) => string) =>
    c.on(event, (value: unknown) => {
      if (verbose) say(`${c.id} ${text(value)}`);
    });
  on('connected', () => `connected (${c.protocol})`);
  on('connectFailed', () => `connection failed: ${c.lastError ?? 'unknown error'} (retrying)`);
  on('disconnected', (v: { code: number }) => `disconnected (${v.code}), reconnecting`);
  on('booted', (v: { interval?: number }) => `boot accepted, heartbeat every ${v.interval} s`);
  on('bootRefused', (v: { status: string }) => `boot ${v.status}, will retry`);
  on(
    'sessionStarted',
    (v: { connectorId: number; transactionId: unknown; idTag: string }) =>
      `session ${v.transactionId} started on connector ${v.connectorId} (${v.idTag})`,
  );
  on(
    'sessionStopped',
    (v: { connectorId: number; meterStopWh: number; meterStartWh: number; reason: string }) =>
      `session on connector ${v.connectorId} stopped (${v.reason}), ${((v.meterStopWh - v.meterStartWh) / 1000).toFixed(2)} kWh`,
  );
  on(
    'sessionRejected',
    (v: { connectorId: number; reason: string }) => `session on ${v.connectorId} refused: ${v.reason}`,
  );
  on(
    'command',
    (v: { action: string; result?: { status?: string }; error?: string }) =>
      `command ${v.action} → ${v.error ?? v.result?.status ?? 'done'}`,
  );
  on('fault', (v: { connectorId: number; code: string }) => `fault on connector ${v.connectorId}: ${v.code}`);
  on('recovered', (v: { connectorId: number }) => `connector ${v.connectorId} recovered`);
  on(
    'invalid',
    (v: { action: string; kind: string; problem: string }) => `INVALID ${v.action}.${v.kind}: ${v.problem}`,
  );
}

const summary = () => {
  const s = fleet.summary();
  const sent = fleet.chargers.reduce((n, c) => n + c.stats.callsSent, 0);
  const errors = fleet.chargers.reduce((n, c) => n + c.stats.callErrors, 0);
  say(
    `${s.connected}/${ids.length} connected, ${s.booted} booted, ${s.sessions} sessions, ` +
      `${sent} CALLs sent (${errors} CALLERRORs), ${s.queued} queued`,
  );
};
summary();
const timer = setInterval(summary, verbose ? 60_000 : 10_000);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(timer);
  say('stopping…');
  await fleet.stop();
  summary();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
