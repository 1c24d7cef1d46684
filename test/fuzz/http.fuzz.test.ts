/**
 * The HTTP fuzz pass of `npm test` (docs/decisions/355-fuzz-pass.md): every route of the topology gets bad
 * input of every class (test/fuzz/http-fuzz.ts) as an anonymous caller, a platform administrator and a company
 * operator, the driver-app routes also as a signed-in app user, OCPI's as a registered partner and Stripe's
 * webhook with signed events (test/fuzz/http-doors.ts), some requests several at once on one request id. No
 * answer is a 5xx or shows a stack trace, every refusal's message is text, nothing is created in the console's
 * lists, and the runtime is healthy afterwards. `FUZZ_SEED=n` replays a pass; `npm run fuzz` runs a longer one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';
import { HUGE_BODIES, runHttpFuzz } from './http-fuzz.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 15);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);

/** Lists whose totals must not move: bad input creates no record. */
const LISTS = [
  '/admin/user/list',
  '/admin/role/list',
  '/admin/operator/list',
  '/admin/parameter/list',
  '/biz/brand/list',
  '/biz/station/list',
  '/biz/chargePoint/list',
  '/biz/card/list',
  '/biz/chargingFee/list',
  '/biz/discount/list',
  '/biz/reserveOrder/list',
  '/admin/plan/list',
];

let rt: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.cleanup();
});

async function totals(token: string) {
  const out: Record<string, number> = {};
  for (const path of LISTS) out[path] = (await api(rt.url, token, path, {})).data?.total;
  return out;
}

describe('HTTP fuzz pass', () => {
  it(`answers ${REQUESTS} bad requests over every route without a 5xx, a leak or a raw key (seed ${SEED})`, async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const before = await totals(admin);
    const figures = await runHttpFuzz(rt, { requests: REQUESTS, seed: SEED });
    const { findings, ...summary } = figures;
    // On failure: the seed and each offending input, to replay with FUZZ_SEED.
    if (findings.length) console.error(JSON.stringify({ summary, findings: findings.slice(0, 20) }, null, 2));
    expect(findings, `seed ${SEED}: ${findings.length} findings`).toEqual([]);
    expect(summary.serverErrors).toBe(0);
    expect(summary.stackTraces).toBe(0);
    expect(summary.rawKeys).toBe(0);
    expect(summary.noAnswer).toBe(0);
    expect(summary.requests).toBe(REQUESTS + HUGE_BODIES);
    // Every door is fuzzed by its own callers too, not only refused at the door.
    for (const door of ['console', 'app', 'ocpi', 'webhook'] as const)
      expect(summary.byDoor[door].requests, door).toBeGreaterThan(REQUESTS / 50);
    for (const caller of ['app', 'partner', 'stripe'])
      expect(summary.byCaller[caller], caller).toBeGreaterThan(0);
    expect(summary.bursts.batches).toBeGreaterThan(0);
    expect(summary.byClass['4xx']).toBeGreaterThan(REQUESTS / 2);
    expect(summary.healthyAfter).toBe(true);
    expect(await totals(await login(rt.url, 'admin', 'Admin12345'))).toEqual(before);
  }, 600_000);
});
