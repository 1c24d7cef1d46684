/**
 * Each station's live figures (docs/decisions/196): its chargers, how many are online and faulted, and its
 * sessions in progress, counted from its chargers' live items (functions/chargepoints/sites.ts `recountStation`)
 * whenever one of them changes, and again by the minute's sweep once they are ten minutes old. One item per station in one partition:
 * `STATIONLIVE` / `{tenant}{stationId}`, so the figures of a company and those below it are one key range
 * (`begins_with` its tenant path) and the platform's the whole partition.
 *
 * Recounts run concurrently (two connectors of a station change at once): each takes a turn first (`seq`, an
 * atomic ADD), reads the live items after it, and writes its figures only over those of an earlier turn
 * (`written`). A recount that read older live state than another one already written is refused.
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, model, queryAll, request, send, withoutKeys } from './table.ts';

export const STATION_LIVE = 'STATIONLIVE';

export interface StationLiveFigures {
  chargers: number;
  online: number;
  faulted: number;
  /** Connectors with a session in progress (charging, or paused by the car or the charger). */
  sessions: number;
}

export interface StationLive extends StationLiveFigures {
  tenant: string;
  stationId: string;
  /** When the figures were stored (ISO). */
  at?: string;
}

export const stationLives = defineEntity({
  model: model('STATIONLIVE'),
  attributes: {
    tenant: { type: 'string', required: true },
    stationId: { type: 'string', required: true },
    chargers: { type: 'number' },
    online: { type: 'number' },
    faulted: { type: 'number' },
    sessions: { type: 'number' },
    /** The last turn taken, and the turn whose figures are stored. */
    seq: { type: 'number' },
    written: { type: 'number' },
    at: { type: 'string' },
    /** When the recount whose figures are stored began reading (every change written before is in them). */
    countedFrom: { type: 'string' },
    /** When the last recount began (it may still run, or have failed). */
    startedAt: { type: 'string' },
  },
  indexes: {
    byStation: {
      pk: { field: 'pk', composite: [], template: STATION_LIVE, casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['tenant', 'stationId'],
        template: '${tenant}${stationId}',
        casing: 'none',
      },
    },
  },
});

/** Takes the station's next recount turn (the item made when missing), noting when it began. */
export async function nextLiveTurn(tenant: string, stationId: string): Promise<number> {
  const { Attributes } = await send.update(
    stationLives
      .update({ tenant, stationId })
      .add({ seq: 1 })
      .set({ startedAt: new Date().toISOString() })
      .params({ response: 'updated_new' }),
  );
  return Number(Attributes?.seq);
}

/**
 * Stores the figures counted in turn `turn`, read from `countedFrom` on, unless a later turn's are stored;
 * whether they were.
 */
export const putLiveFigures = (
  tenant: string,
  stationId: string,
  turn: number,
  figures: StationLiveFigures,
  countedFrom?: string,
) =>
  applied(
    send.update(
      stationLives
        .patch({ tenant, stationId })
        .set({
          ...figures,
          written: turn,
          at: new Date().toISOString(),
          ...(countedFrom ? { countedFrom } : {}),
        })
        .where((a, op) => `${op.notExists(a.written)} OR ${op.lt(a.written, turn)}`)
        .params(),
    ),
  );

/**
 * When the recount whose figures a station has now began reading (`countedFrom`: a change written before that
 * time is in them) and stored them (`at`), and when its last recount began (`startedAt`, which may still run);
 * each undefined when there is none.
 */
export async function stationCountTimes(
  tenant: string,
  stationId: string,
): Promise<{ countedFrom?: string; at?: string; startedAt?: string }> {
  const { Item } = await send.get(
    stationLives
      .get({ tenant, stationId })
      .params({ consistent: true, attributes: ['countedFrom', 'at', 'startedAt'] }),
  );
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { countedFrom: text(Item?.countedFrom), at: text(Item?.at), startedAt: text(Item?.startedAt) };
}

/** The live figures of the stations of `scope` (a tenant path: a company and those below it; '/' all). */
export async function stationLivesIn(scope: string): Promise<StationLive[]> {
  const items = await queryAll(
    request({
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :scope)',
      ExpressionAttributeNames: {
        '#pk': 'pk',
        '#sk': 'sk',
        '#t': 'tenant',
        '#s': 'stationId',
        '#c': 'chargers',
        '#o': 'online',
        '#f': 'faulted',
        '#n': 'sessions',
        '#at': 'at',
      },
      ExpressionAttributeValues: { ':pk': STATION_LIVE, ':scope': scope },
      ProjectionExpression: '#t, #s, #c, #o, #f, #n, #at',
    }),
  );
  return items.map((item) => {
    const i = withoutKeys<Record<string, unknown>>(item);
    return {
      tenant: String(i.tenant),
      stationId: String(i.stationId),
      chargers: Number(i.chargers ?? 0),
      online: Number(i.online ?? 0),
      faulted: Number(i.faulted ?? 0),
      sessions: Number(i.sessions ?? 0),
      ...(i.at ? { at: String(i.at) } : {}),
    };
  });
}

/** A deleted station's figures go with it. */
export async function removeStationLive(tenant: string, stationId: string): Promise<void> {
  await send.delete(stationLives.delete({ tenant, stationId }).params());
}
