/**
 * What renewable sources produced (docs/decisions/428-renewable-energy.md, functions/energy/renewable.ts):
 * one item per source and UTC day, `RENEWPROD#{sourceId}` / `{YYYY-MM-DD}`, its hours `h00`..`h23` in Wh.
 * Access patterns: a source's days in a window (one query); an hour's production added (an energy box's
 * report: ADD, so concurrent reports sum) or set (an import: the figure given replaces the hour's).
 */
import { defineEntity, model, queryAll, send, withoutKeys } from './table.ts';

export const renewableProduction = defineEntity({
  model: model('RENEWPROD'),
  attributes: {
    sourceId: { type: 'string', required: true },
    day: { type: 'string', required: true },
  },
  indexes: {
    bySourceDay: {
      pk: { field: 'pk', composite: ['sourceId'], template: 'RENEWPROD#${sourceId}', casing: 'none' },
      sk: { field: 'sk', composite: ['day'], template: '${day}', casing: 'none' },
    },
  },
});

const hourOf = (at: string) => `h${at.slice(11, 13)}`;
const key = (sourceId: string, at: string) => ({ pk: `RENEWPROD#${sourceId}`, sk: at.slice(0, 10) });

/** Adds `wh` to the hour of `at` (UTC). */
export const addProduction = (sourceId: string, at: string, wh: number) =>
  send.update({
    Key: key(sourceId, at),
    UpdateExpression: 'SET sourceId = :s, #day = :d ADD #h :wh',
    ExpressionAttributeNames: { '#h': hourOf(at), '#day': 'day' },
    ExpressionAttributeValues: { ':s': sourceId, ':d': at.slice(0, 10), ':wh': Math.round(wh) },
  });

/** Sets the hour of `at` (UTC) to `wh` (an imported figure). */
export const setProduction = (sourceId: string, at: string, wh: number) =>
  send.update({
    Key: key(sourceId, at),
    UpdateExpression: 'SET sourceId = :s, #day = :d, #h = :wh',
    ExpressionAttributeNames: { '#h': hourOf(at), '#day': 'day' },
    ExpressionAttributeValues: { ':s': sourceId, ':d': at.slice(0, 10), ':wh': Math.round(wh) },
  });

/** A source's production by UTC hour (`YYYY-MM-DDTHH`) over the days from `fromDay` to `toDay` (inclusive). */
export async function productionByHour(
  sourceId: string,
  fromDay: string,
  toDay: string,
): Promise<Map<string, number>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':p': `RENEWPROD#${sourceId}`, ':a': fromDay, ':b': toDay },
  });
  const out = new Map<string, number>();
  for (const item of items.map((i) => withoutKeys<Record<string, unknown>>(i)))
    for (const [k, v] of Object.entries(item))
      if (/^h\d\d$/.test(k) && typeof v === 'number') out.set(`${String(item.day)}T${k.slice(1)}`, v);
  return out;
}
