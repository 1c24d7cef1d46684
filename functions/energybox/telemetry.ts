/**
 * IoT rule target: telemetry an energy box publishes on `ebox/{code}/telemetry`. The latest state of each box
 * is kept in the main table (the energy-box screens read it).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';

export const energyBoxStateKey = (code: string) => ({ pk: `EBOX#${code}`, sk: 'STATE' });

const Telemetry = z
  .object({
    code: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .catchall(z.union([z.number(), z.string().max(256), z.boolean(), z.null()]));

export async function handler(event: unknown): Promise<{ stored: boolean }> {
  const parsed = Telemetry.safeParse(event);
  if (!parsed.success) return { stored: false }; // a malformed device message changes nothing
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.tableName('main'),
      Item: { ...parsed.data, ...energyBoxStateKey(parsed.data.code), updatedAt: new Date().toISOString() },
    }),
  );
  return { stored: true };
}
