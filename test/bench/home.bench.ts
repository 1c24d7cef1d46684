/**
 * Benchmark (printed, not asserted; docs/measurements.md): the home dashboard over the million-order benchmark's data
 * (test/bench/orders.bench.ts: 20 operators × 2 years × 69 orders a day = 1,007,400 orders, each operator with
 * 4 stations of 5 charge points). The dashboard reads no order, only rollups, counters and live state, so the
 * data it reads is the rollups those orders leave: per operator and day its company day, 4 station days and
 * 20 charger days (365,000 items), and per hour of the last two days its company and station hours. They are
 * written as settlement leaves them (the sums of the day's 69 orders), directly. Measured through the HTTP
 * API as one company's administrator and as the platform administrator (all 20 companies), for the 7- and
 * 60-day windows.
 *   npm run bench:home [operators] [days] [rounds]      (defaults 20, 730, 200)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  revenueChargerDays,
  revenueDays,
  revenueHours,
  revenueStationDays,
  revenueStationHours,
  rebuildPlatformRollups,
} from '@functions/data/revenue-rollups.ts';
import { registerChargers } from '@functions/devices/registration.ts';
import { putAll } from '@functions/data/table.ts';
import { startRuntime } from '@infra/local/runtime.ts';
import { addDays, REVENUE_FIELDS } from '@shared/pricing/metrics.ts';
import { companyWithAdmin, login } from '../helpers/identity.ts';
import { api } from '../helpers/identity.ts';
import { measure as timed } from './measure.ts';

const operatorCount = Number(process.argv[2] ?? 20);
const days = Number(process.argv[3] ?? 730);
const rounds = Number(process.argv[4] ?? 200);
const PER_DAY = 69;
const STATIONS = 4;
const PILES = 5;

process.env.AUTH_CAPTCHA = 'off';
// As the other HTTP benches: DynamoDB Local in memory with its full JIT.
process.env.DYNAMODB_IN_MEMORY ??= '1';
process.env.DYNAMODB_JVM_OPTS ??= '-XX:+UseParallelGC -Xms512m -Xmx2g';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-home-'));
const rt = await startRuntime({
  port: 0,
  mqttPort: 0,
  smtpPort: 0,
  dataDir,
  seed: 'demo',
  seedHistory: false,
  // As the OCPP and storm benches: the demo chargers' sessions are not part of what is measured.
  simChargers: 0,
  log: () => undefined,
});
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** A day's (or hour's) figures of `orders` orders, as settlement sums them. */
function figures(orders: number, seed: number) {
  const out: Record<string, number> = Object.fromEntries(REVENUE_FIELDS.map((f) => [f, 0]));
  out.orders = orders;
  out.energyWh = orders * (18_000 + (seed % 7) * 1_000);
  out.durationSeconds = orders * 3_600;
  out.elecMinor = orders * (700 + (seed % 5) * 10);
  out.payMinor = out.elecMinor;
  out.revenueMinor = out.elecMinor;
  out.fullPowerMs = orders * 3_000_000;
  return out;
}

try {
  const admin = await login(rt.url, 'admin', 'Admin12345');
  let start = performance.now();
  const companies: { id: string; token: string; stations: { id: string; piles: string[] }[] }[] = [];
  for (let o = 0; o < operatorCount; o++) {
    const company = await companyWithAdmin(rt.url, admin, `HomeBench${o}`, { subStatus: 1, currency: 'USD' });
    const tenant = `/${company.id}/`;
    const stations = [];
    for (let s = 0; s < STATIONS; s++) {
      const piles = Array.from({ length: PILES }, (_, p) => `HB-${o}-${s}-${p}`);
      const { stationId } = await registerChargers({
        tenant,
        station: { name: `Home bench ${o}-${s}` },
        password: 'home-bench-secret',
        chargePoints: piles.map((chargePointId) => ({ chargePointId, protocol: 'ocpp1.6', connectors: 2 })),
      });
      stations.push({ id: stationId, piles });
    }
    companies.push({ ...company, stations });
  }
  console.log(
    `Created ${operatorCount} companies, ${operatorCount * STATIONS * PILES} chargers in ${seconds(start)} s`,
  );

  start = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  let written = 0;
  for (const company of companies) {
    const tenant = `/${company.id}/`;
    const labels = { tenant, currency: 'USD' };
    const items: Record<string, unknown>[] = [];
    for (let d = 0; d < days; d++) {
      const day = addDays(today, -d);
      items.push(
        revenueDays.put({ agentId: company.id, day, ...labels, ...figures(PER_DAY, d) }).params().Item,
      );
      // 69 orders a day over 20 chargers: 3 or 4 each (the station days are their sums).
      company.stations.forEach((station, s) => {
        const perPile = station.piles.map(
          (_, p) => Math.floor(PER_DAY / 20) + (s * PILES + p < PER_DAY % 20 ? 1 : 0),
        );
        items.push(
          revenueStationDays
            .put({
              agentId: company.id,
              day,
              stationId: station.id,
              ...labels,
              ...figures(
                perPile.reduce((a, b) => a + b, 0),
                d + s,
              ),
            })
            .params().Item,
        );
        station.piles.forEach((chargePointId, p) =>
          items.push(
            revenueChargerDays
              .put({
                agentId: company.id,
                day,
                chargePointId,
                stationId: station.id,
                ...labels,
                ...figures(perPile[p]!, d + p),
              })
              .params().Item,
          ),
        );
      });
    }
    for (let h = 0; h < 48; h++) {
      const hour = new Date(Date.now() - h * 3_600_000).toISOString().slice(0, 13);
      items.push(revenueHours.put({ agentId: company.id, hour, ...labels, ...figures(3, h) }).params().Item);
      for (const station of company.stations)
        items.push(
          revenueStationHours
            .put({ agentId: company.id, hour, stationId: station.id, ...labels, ...figures(1, h) })
            .params().Item,
        );
    }
    await putAll(items as Record<string, unknown>[]);
    written += items.length;
  }
  // The platform's partition as settlement would have added to it (the same sums, written at once).
  written += await rebuildPlatformRollups(companies.map((c) => c.id));
  console.log(`Seeded ${written} rollup items (${operatorCount} × ${days} days) in ${seconds(start)} s\n`);

  const call = (token: string, body: object) => async () => {
    const res = await api(rt.url, token, '/biz/home/dashboard', body);
    if (res.code !== 0) throw new Error(`dashboard: ${res.status} ${res.msg}`);
  };
  const measure = (label: string, fn: () => Promise<unknown>) => timed(label, fn, { rounds, warmup: 20 });
  const one = companies[0]!.token;
  console.log(`| call (${rounds} rounds) | p50 | p95 | max |`);
  console.log('| --- | --- | --- | --- |');
  await measure('company administrator: 7 days', call(one, { days: 7 }));
  await measure('company administrator: 60 days', call(one, { days: 60 }));
  await measure(`platform administrator (${operatorCount + 1} companies): 7 days`, call(admin, { days: 7 }));
  await measure(
    `platform administrator (${operatorCount + 1} companies): 60 days`,
    call(admin, { days: 60 }),
  );
} finally {
  await rt.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
