/**
 * IoT rule target: telemetry an energy box publishes on `ebox/{code}/telemetry`. The latest state of each box
 * is kept in the main table (the energy-box screens read it, for the boxes of the caller's companies), and
 * each report is kept as a sample for the detail's last-hour chart (a short TTL).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';

export const energyBoxStateKey = (code: string) => ({ pk: `EBOX#${code}`, sk: 'STATE' });
/** The samples partition of a box in the meter values table. */
export const energyBoxSamplesKey = (code: string) => `EBOX#${code}`;
/** Samples are kept two days (the detail shows one hour). */
const SAMPLE_RETENTION_SECONDS = 2 * 86_400;

const Telemetry = z
  .object({
    code: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .catchall(z.union([z.number(), z.string().max(256), z.boolean(), z.null()]));

/** What a sample keeps for the chart: the per-phase currents. */
const SAMPLE_FIELDS = ['l1Usable', 'l2Usable', 'l3Usable', 'l1Load', 'l2Load', 'l3Load', 'loadLimit'];

export async function handler(event: unknown): Promise<{ stored: boolean }> {
  const parsed = Telemetry.safeParse(event);
  if (!parsed.success) return { stored: false }; // a malformed device message changes nothing
  const now = new Date();
  const at = now.toISOString();
  const sample = Object.fromEntries(
    SAMPLE_FIELDS.flatMap((f) => (typeof parsed.data[f] === 'number' ? [[f, parsed.data[f]]] : [])),
  );
  await Promise.all([
    dynamoDocument().send(
      new PutCommand({
        TableName: config.tableName('main'),
        Item: { ...parsed.data, ...energyBoxStateKey(parsed.data.code), updatedAt: at },
      }),
    ),
    Object.keys(sample).length
      ? dynamoDocument().send(
          new PutCommand({
            TableName: config.tableName('meterValues'),
            Item: {
              transactionKey: energyBoxSamplesKey(parsed.data.code),
              at,
              ...sample,
              expiresAt: Math.floor(now.getTime() / 1000) + SAMPLE_RETENTION_SECONDS,
            },
          }),
        )
      : undefined,
  ]);
  return { stored: true };
}
