/**
 * The report part entity reads the parts functions/commands/reports.ts wrote by hand (under the charger,
 * `REPORT#{requestId}#{seqNo padded}`) and writes them with the same key and attributes.
 */
import { describe, expect, it } from 'vitest';
import { putReportPart, reportPartsOf } from '@functions/data/command-reports.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

/** A part as the code before the data layer wrote it. */
const oldItem = (chargePointId: string, requestId: number, seqNo: number, tbc: boolean) => ({
  pk: `CHARGEPOINT#${chargePointId}`,
  sk: `REPORT#${requestId}#${String(seqNo).padStart(6, '0')}`,
  seqNo,
  tbc,
  generatedAt: '2026-03-01T10:00:00.000Z',
  data: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
  expiresAt: 1_900_000_000,
});

describe('command report parts', () => {
  it('reads the parts of a request written the old way, in part order, and no other request’s', async () => {
    // Written out of order; request 50's parts share the prefix `REPORT#5` but not `REPORT#5#`.
    for (const [seqNo, tbc] of [
      [10, false],
      [0, true],
      [2, true],
      [1, true],
    ] as const)
      await rawPut(oldItem('CPR1', 5, seqNo, tbc));
    await rawPut(oldItem('CPR1', 50, 0, false));
    await rawPut(oldItem('CPR2', 5, 0, false));
    const parts = await reportPartsOf({ chargePointId: 'CPR1', requestId: 5 });
    expect(parts.map((p) => p.seqNo)).toEqual([0, 1, 2, 10]);
    const { pk: _pk, sk: _sk, ...stored } = oldItem('CPR1', 5, 0, true);
    expect(parts[0]).toEqual(stored);
    expect(await reportPartsOf({ chargePointId: 'CPR1', requestId: 7 })).toEqual([]);
  });

  it('writes a part as the old code did, a repeated part over itself', async () => {
    const old = oldItem('CPR3', 9, 3, true);
    const { pk: _pk, sk: _sk, ...part } = old;
    await putReportPart({ chargePointId: 'CPR3', requestId: 9 }, part);
    expect(await rawGet({ pk: old.pk, sk: old.sk })).toEqual(old);
    await putReportPart({ chargePointId: 'CPR3', requestId: 9 }, { ...part, tbc: false });
    expect(await rawGet({ pk: old.pk, sk: old.sk })).toEqual({ ...old, tbc: false });
    // A part without generatedAt holds none (the old put's undefined field was left out).
    const { generatedAt: _g, ...bare } = part;
    await putReportPart({ chargePointId: 'CPR3', requestId: 9 }, { ...bare, seqNo: 4 });
    const { generatedAt: _h, ...bareOld } = oldItem('CPR3', 9, 4, true);
    expect(await rawGet({ pk: old.pk, sk: 'REPORT#9#000004' })).toEqual(bareOld);
  });
});
