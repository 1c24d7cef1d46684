/**
 * DynamoDB requests per OCPP message, action by action (docs/measurements.md): one OCPP 1.6 charger goes through a charging
 * session, message after message, on a runtime of its own, and what the process sends to DynamoDB from one
 * message to the next is counted (the message's handler and whatever it set off: queue consumers, events).
 * Every per-instance cache is emptied before each message, as in AWS, where a Lambda instance rarely sees the
 * same charger twice within its caches' life: the figures are those of a cold instance, the AWS cost's basis.
 */
import { forgetInstanceCaches } from '@functions/lib/memo.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { countDynamo, type DynamoCounts } from '../helpers/dynamo-counter.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';

export interface ActionWrites {
  action: string;
  counts: DynamoCounts;
}

/** Lets what a message set off (queue consumers, events) finish before the next one is counted. */
const SETTLE_MS = 1500;

export async function writesPerAction(runtimeUrl: string): Promise<ActionWrites[]> {
  // The runtime's start-up work (seeding, its first schedules) is over before anything is counted.
  await new Promise((r) => setTimeout(r, 8000));
  const charger = await connectCharger(runtimeUrl, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  const counter = countDynamo();
  const out: ActionWrites[] = [];
  const now = () => new Date().toISOString();
  let register = 1_000_000;
  const send = async (label: string, action: string, payload: object) => {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    forgetInstanceCaches();
    counter.take();
    const answer = await charger.call(action, payload);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    out.push({ action: label, counts: counter.take() });
    return answer;
  };
  const status = (label: string, status: string) =>
    send(label, 'StatusNotification', { connectorId: 1, errorCode: 'NoError', status, timestamp: now() });
  try {
    await send('BootNotification', 'BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'AC' });
    await send('Heartbeat', 'Heartbeat', {});
    await status('StatusNotification (Available, a change)', 'Available');
    await status('StatusNotification (Available again)', 'Available');
    await status('StatusNotification (Preparing)', 'Preparing');
    await send('Authorize', 'Authorize', { idTag: 'APP-TAG-001' });
    const started = await send('StartTransaction', 'StartTransaction', {
      connectorId: 1,
      idTag: 'APP-TAG-001',
      meterStart: register,
      timestamp: now(),
    });
    const transactionId = (started[2] as { transactionId: number }).transactionId;
    await status('StatusNotification (Charging)', 'Charging');
    for (let i = 0; i < 3; i++) {
      register += 180;
      await send('MeterValues (in a session)', 'MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [
          {
            timestamp: now(),
            sampledValue: [
              { value: String(register), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      });
    }
    await send('StopTransaction (and the order it settles)', 'StopTransaction', {
      transactionId,
      meterStop: register + 100,
      timestamp: now(),
      reason: 'Local',
    });
    await status('StatusNotification (Finishing)', 'Finishing');
  } finally {
    counter.stop();
    await charger.close();
  }
  // The three meter values as one row, their mean, where the first one was.
  const meter = out.filter((r) => r.action.startsWith('MeterValues'));
  const mean = (pick: (c: DynamoCounts) => number) =>
    meter.reduce((n, r) => n + pick(r.counts), 0) / meter.length;
  const first = out.findIndex((r) => r.action.startsWith('MeterValues'));
  const rows = out.filter((r) => !r.action.startsWith('MeterValues'));
  rows.splice(first, 0, {
    action: 'MeterValues (in a session; mean of 3)',
    counts: {
      requests: {},
      writeRequests: mean((c) => c.writeRequests),
      itemsWritten: mean((c) => c.itemsWritten),
      readRequests: mean((c) => c.readRequests),
      writes: [],
      reads: [],
    },
  });
  return rows;
}

export function printWritesPerAction(rows: ActionWrites[]) {
  console.log('');
  console.log('| message (a cold instance each) | write requests | items written | reads |');
  console.log('| --- | --- | --- | --- |');
  const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  for (const { action, counts } of rows)
    console.log(
      `| ${action} | ${n(counts.writeRequests)} | ${n(counts.itemsWritten)} | ${n(counts.readRequests)} |`,
    );
}
