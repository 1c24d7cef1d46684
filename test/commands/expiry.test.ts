/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * A remote command's expiry type and report time (docs/product.md section 3, expireType and reportTime;
 * docs/decisions/463-command-expiry-type-and-report-time.md), end to end: a charger over a real WebSocket
 * answers (normal, report time its answer's), refuses in its answer or with a CALLERROR (invalid), or stays
 * silent (expired once its answer time passed, kept when the sweep ends it); the record keeps both and the
 * results list returns them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCommand, markTimedOut } from '@functions/commands/store.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let cp: OcppClient;
const CP = 'DEMO-CP-002';

async function ok(path: string, body?: unknown) {
  const answer = await api(rt.url, operator, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/** Sends clearCache from the console: the CALL the charger got and the command id. */
async function clearCache() {
  const sent = await ok('/biz/command/send', { chargePointId: CP, command: 'clearCache', params: {} });
  const call = await cp.next((f) => f[0] === 2 && f[2] === 'ClearCache' && f[1] === sent.commandId, 45_000);
  return { id: String(call[1]), commandId: String(sent.commandId) };
}

const row = async (commandId: string) =>
  (await ok('/biz/command/list', { chargePointId: CP, current: 1, size: 50 })).records.find(
    (r: any) => r.commandId === commandId,
  );

const ended = (commandId: string) =>
  waitFor(async () => {
    const r = await row(commandId);
    return r && !['queued', 'sent'].includes(r.status) ? r : undefined;
  });

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  cp = await connectCharger(rt.url, CP, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
}, 120_000);

afterAll(async () => {
  await cp?.close();
  await rt?.cleanup();
});

describe('a command’s expiry type and report time', () => {
  it('answered: normal, reported when the answer came', async () => {
    const sent = await clearCache();
    expect((await row(sent.commandId)).expireType).toBe('normal');
    cp.send([3, sent.id, { status: 'Accepted' }]);
    const done = await ended(sent.commandId);
    expect(done).toMatchObject({ status: 'answered', expireType: 'normal', reportTime: done.answeredAt });
    expect(Date.parse(done.reportTime)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    expect(await getCommand(sent.commandId)).toMatchObject({
      expireType: 'normal',
      reportTime: done.answeredAt,
    });
  });

  it('refused in the answer or with a CALLERROR: invalid', async () => {
    const refused = await clearCache();
    cp.send([3, refused.id, { status: 'Rejected' }]);
    expect(await ended(refused.commandId)).toMatchObject({ status: 'answered', expireType: 'invalid' });
    expect((await getCommand(refused.commandId))?.expireType).toBe('invalid');

    const error = await clearCache();
    cp.send([4, error.id, 'NotImplemented', 'no cache', {}]);
    const done = await ended(error.commandId);
    expect(done).toMatchObject({ status: 'rejected', expireType: 'invalid' });
    expect(done.reportTime).toBe(done.answeredAt);
  });

  it('unanswered past its answer time: expired, and kept so when the sweep ends it', async () => {
    const silent = await clearCache();
    await waitFor(async () => (await getCommand(silent.commandId))?.status === 'sent' || undefined);
    expect((await row(silent.commandId)).expireType).toBe('normal');
    const before = process.env.COMMAND_ANSWER_TIMEOUT_SECONDS;
    process.env.COMMAND_ANSWER_TIMEOUT_SECONDS = '0';
    try {
      // Still waiting, past its answer time: expired before the sweep has moved it.
      await waitFor(async () => ((await row(silent.commandId)).expireType === 'expired' ? true : undefined));
    } finally {
      if (before === undefined) delete process.env.COMMAND_ANSWER_TIMEOUT_SECONDS;
      else process.env.COMMAND_ANSWER_TIMEOUT_SECONDS = before;
    }
    expect(await markTimedOut(silent.commandId)).toBe(true);
    const done = await row(silent.commandId);
    expect(done).toMatchObject({ status: 'timeout', expireType: 'expired' });
    expect(done.reportTime).toBeUndefined();
    expect((await getCommand(silent.commandId))?.expireType).toBe('expired');
  });
});
