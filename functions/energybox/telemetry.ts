/**
 * IoT rule target: telemetry an energy box publishes on `ebox/{code}/telemetry`. The latest state of each box
 * is kept in the main table (the energy-box screens read it, for the boxes of the caller's companies), and
 * each report is kept as a sample for the detail's last-hour chart (a short TTL).
 */
import { z } from 'zod';
import { energyBoxStateKey, getEnergyBoxState, putEnergyBoxState } from '@functions/data/energy-boxes.ts';
import { emit } from '@functions/lib/events.ts';
import { logger } from '@functions/lib/logger.ts';
import { energyBoxSamplesKey, putSample } from '@functions/data/meter-values.ts';
// Reactions to the events it can emit (functions/lib/events.ts, test/functions/events-wiring.test.ts).
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

export { energyBoxSamplesKey, energyBoxStateKey };
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

declare module '@functions/lib/events.ts' {
  interface Events {
    /** A box reported: renewable production it measures is recorded (functions/energy). */
    energyBoxReported: {
      code: string;
      previous?: Record<string, unknown>;
      current: Record<string, unknown>;
      at: string;
    };
  }
}

async function handle(event: unknown): Promise<{ stored: boolean }> {
  const parsed = Telemetry.safeParse(event);
  if (!parsed.success) return { stored: false }; // a malformed device message changes nothing
  const now = new Date();
  const at = now.toISOString();
  const sample = Object.fromEntries(
    SAMPLE_FIELDS.flatMap((f) => (typeof parsed.data[f] === 'number' ? [[f, parsed.data[f]]] : [])),
  );
  // The report before this one: what a register grew by since (production).
  const previous =
    typeof parsed.data.pvEnergyWh === 'number' ? await getEnergyBoxState(parsed.data.code) : undefined;
  await Promise.all([
    putEnergyBoxState(parsed.data, at),
    Object.keys(sample).length
      ? putSample(
          energyBoxSamplesKey(parsed.data.code),
          at,
          sample,
          Math.floor(now.getTime() / 1000) + SAMPLE_RETENTION_SECONDS,
        )
      : undefined,
  ]);
  if (typeof parsed.data.pvEnergyWh === 'number')
    await emit('energyBoxReported', { code: parsed.data.code, previous, current: parsed.data, at }).catch(
      (error: unknown) =>
        logger.error('A box report was not handled', { code: parsed.data.code, error: String(error) }),
    );
  return { stored: true };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
