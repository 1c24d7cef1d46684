/**
 * The audit log screen: entries of a time window (default the last 7 days, at most 30), read day by day from
 * the audit table's byTime index, scoped to the caller's tenant, newest first, titles in the caller's language.
 */
import type { z } from 'zod';
import type { logQuery, LogEntry } from '@shared/schemas/admin.ts';
import { auditEntriesOfDay } from '@functions/data/audit.ts';
import { refused } from '@functions/lib/errors.ts';
import { translate } from '@functions/lib/i18n.ts';
import { paginate, visible } from '@functions/lib/records.ts';
import type { Identity } from '@functions/identity/access.ts';

const DAY = 86_400_000;
export const LOG_WINDOW_DAYS = { default: 7, max: 30 } as const;

export async function listLogs(identity: Identity, query: z.infer<typeof logQuery>, language: string) {
  const end = query.endTime ? Date.parse(query.endTime) : Date.now();
  const start = query.startTime ? Date.parse(query.startTime) : end - LOG_WINDOW_DAYS.default * DAY;
  if (end < start) throw refused('server.rangeReversed');
  if (end - start > LOG_WINDOW_DAYS.max * DAY)
    throw refused('server.rangeTooLong', { days: LOG_WINDOW_DAYS.max });
  const days: string[] = [];
  for (let t = Date.parse(new Date(start).toISOString().slice(0, 10)); t <= end; t += DAY)
    days.push(new Date(t).toISOString().slice(0, 10));
  const items: Record<string, unknown>[] = [];
  for (const day of days) items.push(...(await auditEntriesOfDay(day, start, end)));
  const title = query.title?.trim().toLowerCase();
  const by = query.createBy?.trim().toLowerCase();
  const found = items
    .filter((item) => visible(identity.scope, String(item.tenant)))
    .map(
      (item) =>
        ({
          ...item,
          title: translate(language, String(item.title), {
            what: item.titleWhat ? translate(language, String(item.titleWhat)) : '',
          }),
        }) as unknown as LogEntry & { at: number },
    )
    .filter(
      (e) =>
        (!query.type || e.type === query.type) &&
        (!title || e.title.toLowerCase().includes(title)) &&
        (!by || e.createBy.toLowerCase().includes(by)),
    )
    .sort((a, b) => b.at - a.at)
    .map(({ at: _at, ...entry }) => {
      const {
        pk: _p,
        sk: _s,
        day: _d,
        tenant: _t,
        expiresAt: _e,
        titleWhat: _w,
        ...rest
      } = entry as unknown as Record<string, unknown>;
      return rest as unknown as LogEntry;
    });
  return paginate(found, query);
}
