/**
 * What an energy box last reported (functions/energybox): `EBOX#{code}` / `STATE`, the report's fields as
 * the box sent them with `updatedAt`. Access patterns: the report's put (it replaces the last one), a box's
 * report, the reports of many boxes (batch gets). The box itself is a resource (functions/data/repository.ts); its
 * samples are in the meter values table (functions/data/meter-values.ts).
 */
import { defineEntity, model, putRecord, send, withoutKeys } from './table.ts';

export const energyBoxStates = defineEntity({
  model: model('EBOX'),
  attributes: {
    code: { type: 'string', required: true },
    updatedAt: { type: 'string' },
  },
  indexes: {
    byCode: {
      pk: { field: 'pk', composite: ['code'], template: 'EBOX#${code}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'STATE', casing: 'none' },
    },
  },
});

/** A box's report key (pk, sk). */
export const energyBoxStateKey = (code: string) =>
  energyBoxStates.get({ code }).params().Key as { pk: string; sk: string };

/** Stores a box's report (its fields as sent, `code` among them) with when it arrived. */
export const putEnergyBoxState = (report: { code: string } & Record<string, unknown>, updatedAt: string) =>
  send.put(
    putRecord(energyBoxStates.put({ code: report.code, updatedAt }).params(), { ...report, updatedAt }),
  );

/** A box's last report, without keys. */
export async function getEnergyBoxState(code: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await send.get(energyBoxStates.get({ code }).params());
  return Item ? withoutKeys<Record<string, unknown>>(Item) : undefined;
}

/** The last reports of boxes by code (100 to a batch), without keys; a box that never reported has none. */
export async function energyBoxStatesOf(codes: string[]): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < codes.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = codes.slice(i, i + 100).map(energyBoxStateKey);
    while (keys && keys.length) {
      const res = await send.batchGet({ RequestItems: { main: { Keys: keys } } });
      for (const items of Object.values(res.Responses ?? {}))
        for (const item of items) out.set(String(item.code), withoutKeys(item as Record<string, unknown>));
      keys = Object.values(res.UnprocessedKeys ?? {})[0]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}
