/**
 * App users' activity by day (docs/decisions/193-app-users-and-ops-view.md, /appInsight): one item per
 * company, day and user that charged, `APPACT#{tenant}` / `{day}#{appUserId}`, with the sessions of that day
 * added up. Written in the settlement transaction of each of the user's orders (so exactly once per order),
 * read as one key range of days per company: who was active when, without reading orders.
 */
import { defineEntity, model, queryAll, request, type TransactItem } from './table.ts';

const appActivity = defineEntity({
  model: model('APPACT'),
  attributes: {
    tenant: { type: 'string', required: true },
    day: { type: 'string', required: true },
    appUserId: { type: 'string', required: true },
    sessions: { type: 'number' },
    energyWh: { type: 'number' },
  },
  indexes: {
    byCompany: {
      pk: { field: 'pk', composite: ['tenant'], template: 'APPACT#${tenant}', casing: 'none' },
      sk: { field: 'sk', composite: ['day', 'appUserId'], template: '${day}#${appUserId}', casing: 'none' },
    },
  },
});

/** One session of the user on `day` (the order's local day), added to that day's item. */
export const appActivityAdd = (a: {
  tenant: string;
  day: string;
  appUserId: string;
  energyWh: number;
}): TransactItem => ({
  Update: request(
    appActivity
      .update({ tenant: a.tenant, day: a.day, appUserId: a.appUserId })
      .add({ sessions: 1, energyWh: Math.max(0, Math.round(a.energyWh)) })
      .params(),
  ),
});

export interface AppActivity {
  tenant: string;
  day: string;
  appUserId: string;
  sessions: number;
  energyWh: number;
}

/** A company's activity from `fromDay` on (later days included), oldest first. */
export async function appActivitySince(tenant: string, fromDay: string): Promise<AppActivity[]> {
  const items = await queryAll(appActivity.query.byCompany({ tenant }).gte({ day: fromDay }).params());
  // The day and the user are the sort key's (an update that made the item may not have set them apart).
  return items.map((item) => {
    const [day = '', appUserId = ''] = String(item.sk).split('#');
    return {
      tenant,
      day,
      appUserId,
      sessions: Number(item.sessions ?? 0),
      energyWh: Number(item.energyWh ?? 0),
    };
  });
}
