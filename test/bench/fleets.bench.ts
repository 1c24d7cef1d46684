/**
 * Benchmark (printed, not asserted; docs/measurements.md): 200 fleets × 500 vehicles in one company, one fleet with two
 * years of fund records, a year of alerts and two months of rollups of every vehicle charging daily, through the local runtime's HTTP API (DynamoDB Local in
 * memory). Prints p50/p95 of the fleet console's calls as the fleet account and as the company
 * administrator; then settles 50 sessions against one fleet at the same moment (a cancelled settlement is
 * delivered again, as the queue would) and checks that the balance and the ledger agree to the unit.
 *   npm run bench:fleets [fleets] [vehicles per fleet] [rounds]      (defaults 200, 500, 200)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRuntime } from '@infra/local/runtime.ts';
import { putFleetAlert } from '@functions/data/fleet-alerts.ts';
import { fleetLedger } from '@functions/data/fleet-balances.ts';
import { fleetRollupUpdates } from '@functions/data/fleet-rollups.ts';
import { send } from '@functions/data/table.ts';
import { createFleet, fleetFundRecords, fleets, vehicles } from '@functions/accounts/fleets.ts';
import { toUnits } from '@functions/accounts/fleet-balance.ts';
import { addDriver } from '@functions/accounts/fleets.ts';
import { newId } from '@functions/lib/records.ts';
import { orderOf } from '@functions/orders/session-consumer.ts';
import { settleSession } from '@functions/orders/settlement.ts';
import { pricingFor } from '@functions/fees/tariffs.ts';
import type { Session } from '@functions/sessions/transactions.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { measure as timed } from './measure.ts';

const fleetCount = Number(process.argv[2] ?? 200);
const perFleet = Number(process.argv[3] ?? 500);
const rounds = Number(process.argv[4] ?? 200);
const FUND_DAYS = 730;
const FUNDS_PER_DAY = 10;
const ALERTS = 5000;
const SETTLEMENTS = 50;
const ROLLUP_DAYS = 60;
const CP = 'DEMO-CP-001';
const TENANT = `/${DEMO_AGENT_ID}/`;

process.env.AUTH_CAPTCHA = 'off';
// As the issue measures it: DynamoDB Local in memory, with its full JIT and a parallel collector (the
// runtime's default flags trade throughput for a fast start).
process.env.DYNAMODB_IN_MEMORY ??= '1';
process.env.DYNAMODB_JVM_OPTS ??= '-XX:+UseParallelGC -Xms512m -Xmx2g';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-'));
const rt = await startRuntime({
  port: 0,
  mqttPort: 0,
  smtpPort: 0,
  dataDir,
  seed: 'demo',
  log: () => undefined,
});
const measure = (label: string, call: () => Promise<unknown>) => timed(label, call, { rounds, warmup: 20 });
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Runs `work` over `items` with `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

try {
  const operator = await login(rt.url, 'operator', 'Operator12345');
  // The measured fleet comes from the wizard, with its administrator.
  const activated = await api(rt.url, operator, '/biz/fleet/activate', {
    name: 'Bench fleet 0',
    admin: 'bench-fleet@example.com',
    warnBalance: 100,
    overdraftAmount: 0,
    balance: 1_000_000,
    status: 0,
    password: await encrypt(rt.url, 'Bench12345'),
  });
  if (activated.code !== 0) throw new Error(activated.msg);
  const measured = activated.data.fleet as { id: string; name: string };
  const fleetToken = (
    await (
      await fetch(`${rt.url}/fleets/fleetsAdmin/pwdLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'bench-fleet@example.com',
          password: await encrypt(rt.url, 'Bench12345'),
          code: '',
          randomStr: '',
        }),
      })
    ).json()
  ).data.token as string;

  let start = performance.now();
  const all = [measured];
  for (let f = 1; f < fleetCount; f++)
    all.push(
      await createFleet(
        { name: `Bench fleet ${f}`, balance: 1000, overdraftAmount: 0, warnBalance: 10 },
        TENANT,
      ),
    );
  for (const fleet of all) {
    const batch = Array.from({ length: perFleet }, (_, n) => ({
      id: newId(),
      tenant: TENANT,
      fleetId: fleet.id,
      fleetName: fleet.name,
      name: `Van ${n}`,
      licensePlateNumber: `B-${fleet.id.slice(0, 4)}-${n}`,
      idTag: `V-${fleet.id.slice(0, 8)}-${n}`,
      status: n % 10 === 0 ? 1 : 0,
    }));
    await vehicles.bulkLoad(batch, TENANT);
  }
  console.log(`Seeded ${all.length} fleets and ${all.length * perFleet} vehicles in ${seconds(start)} s`);

  start = performance.now();
  const days = Array.from({ length: FUND_DAYS }, (_, d) => d);
  await pool(days, 8, async (d) => {
    const day = new Date(Date.UTC(2024, 10, 25) + d * 86_400_000).toISOString().slice(0, 10);
    for (let n = 0; n < FUNDS_PER_DAY; n++) {
      const at = `${day}T${String(8 + n).padStart(2, '0')}:00:00.000Z`;
      const fields = { operType: 3, orderNo: `BENCH-${d}-${n}` };
      await send.transact([
        fleetLedger.entryPut(
          { id: measured.id, tenant: TENANT },
          fields,
          { before: 100, after: 99, change: -1 },
          at,
        ),
        ...fleetLedger.counted(measured.id),
      ]);
    }
  });
  await pool(
    Array.from({ length: ALERTS }, (_, n) => n),
    8,
    (n) =>
      putFleetAlert(
        { fleetId: measured.id, tenant: TENANT, type: (n % 6) + 1, values: { name: `Van ${n % perFleet}` } },
        new Date(Date.UTC(2025, 10, 25) + n * 6_000_000).toISOString(),
      ),
  );
  console.log(`Seeded ${FUND_DAYS * FUNDS_PER_DAY} fund records and ${ALERTS} alerts in ${seconds(start)} s`);

  // Two months of rollups for the measured fleet: each of its vehicles charged every day.
  start = performance.now();
  const measuredVans = await vehicles.findPage({
    scope: TENANT,
    tenants: [TENANT],
    query: { current: 1, size: perFleet },
    filters: { fleetId: measured.id },
    modes: { fleetId: 'eq' },
  });
  const rollupDays = Array.from({ length: ROLLUP_DAYS }, (_, d) =>
    new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10),
  );
  await pool(measuredVans.records, 8, async (van) => {
    for (const day of rollupDays)
      await send.transact(
        fleetRollupUpdates({
          fleetId: measured.id,
          memberId: van.id,
          day,
          timeZone: 'UTC',
          figures: { energyWh: 20_000, costUnits: 90_000, sessions: 1 },
        }),
      );
  });
  console.log(
    `Seeded ${measuredVans.records.length * ROLLUP_DAYS} days of vehicle rollups in ${seconds(start)} s\n`,
  );

  const call = (token: string, url: string, body: object) => async () => {
    const res = await api(rt.url, token, url, body);
    if (res.code !== 0) throw new Error(`${url}: ${res.status} ${res.msg}`);
  };
  const mine = { fleetId: measured.id };
  console.log(`| call (${rounds} rounds) | p50 | p95 | max |`);
  console.log('| --- | --- | --- | --- |');
  await measure(
    'fleet account: vehicles, page 1',
    call(fleetToken, '/biz/vehicle/list', { current: 1, size: 10 }),
  );
  await measure(
    'fleet account: vehicles, page 20',
    call(fleetToken, '/biz/vehicle/list', { current: 20, size: 10 }),
  );
  await measure(
    "company: one fleet's vehicles, page 1",
    call(operator, '/biz/vehicle/list', { ...mine, current: 1, size: 10 }),
  );
  await measure(
    'company: all vehicles, newest first',
    call(operator, '/biz/vehicle/list', { current: 1, size: 10 }),
  );
  await measure('company: fleets, page 1', call(operator, '/biz/fleet/list', { current: 1, size: 10 }));
  await measure('fleet account: dashboard', call(fleetToken, '/biz/fleet/dashboard', {}));
  await measure(
    'fleet account: fund history, page 1',
    call(fleetToken, '/biz/fleetFund/list', { current: 1, size: 10 }),
  );
  await measure(
    'fleet account: fund history, page 50',
    call(fleetToken, '/biz/fleetFund/list', { current: 50, size: 10 }),
  );
  await measure(
    'company: fund history, top-ups only',
    call(operator, '/biz/fleetFund/list', { ...mine, operType: 2, current: 1, size: 10 }),
  );
  await measure('fleet account: analysis, 7 days', call(fleetToken, '/biz/fleet/analysis', { days: 7 }));
  await measure('fleet account: analysis, 60 days', call(fleetToken, '/biz/fleet/analysis', { days: 60 }));
  await measure(
    'fleet account: analysis, 60 days, page 30',
    call(fleetToken, '/biz/fleet/analysis', { days: 60, current: 30 }),
  );
  await measure(
    'fleet account: alerts, page 1',
    call(fleetToken, '/biz/fleetAlert/list', { current: 1, size: 10 }),
  );

  // 50 sessions of one fleet settled at the same moment; a settlement that gives up is delivered again.
  const payer = await createFleet(
    { name: 'Settling fleet', balance: 10_000, overdraftAmount: 0, warnBalance: 10 },
    TENANT,
  );
  const idTag = `SETTLE-${newId().slice(0, 8)}`;
  await addDriver({ fleetId: payer.id, name: 'Settling driver', idTag }, TENANT);
  const pile = await chargePointById(CP);
  const pricing = await pricingFor(CP, 1);
  const session = (n: number): Session => ({
    chargePointId: CP,
    transactionId: `bench-${newId()}-${n}`,
    connectorNo: 1,
    protocol: 'ocpp1.6',
    tenant: TENANT,
    agentId: DEMO_AGENT_ID,
    stationId: String(pile?.stationId ?? ''),
    idTag,
    startMode: 2,
    startTime: '2026-11-20T10:00:00.000Z',
    endTime: '2026-11-20T11:00:00.000Z',
    meterStartWh: 0,
    meterStopWh: 1000 + n * 37,
    energyWh: 1000 + n * 37,
    durationSeconds: 3600,
    status: 'completed',
    stopReason: 'Local',
    pricing,
  });
  let redeliveries = 0;
  const settle = async (s: Session) => {
    const base = Object.fromEntries(Object.entries(orderOf(s)).filter(([, v]) => v !== undefined));
    for (;;) {
      try {
        return await settleSession(s, base);
      } catch {
        redeliveries++;
      }
    }
  };
  start = performance.now();
  const outcomes = await Promise.all(Array.from({ length: SETTLEMENTS }, (_, n) => settle(session(n))));
  const took = seconds(start);
  const after = (await fleets.getAny(payer.id))!;
  const debits = (await fleetFundRecords(payer.id)).filter((r) => r.operType === 3);
  const debited = debits.reduce((sum, r) => sum - toUnits(r.changeBalance), 0n);
  const exact = toUnits(10_000) - toUnits(after.balance) === debited;
  console.log(
    `\n${SETTLEMENTS} concurrent settlements on one fleet: ${outcomes.filter((o) => o === 'created').length} orders, ` +
      `${debits.length} ledger entries, ${redeliveries} redeliveries, ${took} s; balance ${after.balance} ` +
      `(10000 − ${Number(debited) / 10_000}): ${exact ? 'balance and ledger agree' : 'MISMATCH'}`,
  );
  if (!exact || debits.length !== SETTLEMENTS) process.exitCode = 1;
} finally {
  await rt.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
