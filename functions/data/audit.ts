/**
 * The audit log (functions/api/audit.ts, functions/admin/logs.ts), in the 'audit' table: one item per entry,
 * `LOG#{id}` / `LOG`, with its `day` (UTC, `YYYY-MM-DD`) and `at` (epoch milliseconds), kept until
 * `expiresAt` (TTL). Access patterns:
 * - write an entry (a fresh id: no condition, as before);
 * - a day's entries between two instants (index `byTime`: `day`, numeric `at`), oldest first.
 * Entries are stored as the writer gives them (the fields of the /log screen, shared/schemas/admin.ts).
 */
import { defineEntity, model, putRecord, queryAll, send } from './table.ts';

export const auditEntries = defineEntity(
  {
    model: model('LOG'),
    attributes: {
      id: { type: 'string', required: true },
      day: { type: 'string', required: true },
      at: { type: 'number', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], template: 'LOG#${id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'LOG', casing: 'none' },
      },
      // The index's keys are the entry's own attributes (a number sort key: no template).
      byTime: {
        index: 'byTime',
        pk: { field: 'day', composite: ['day'], casing: 'none' },
        sk: { field: 'at', composite: ['at'], casing: 'none' },
      },
    },
  },
  { table: 'audit' },
);

export interface AuditEntry {
  id: string;
  day: string;
  at: number;
  [field: string]: unknown;
}

export async function putAuditEntry(entry: AuditEntry): Promise<void> {
  await send.put(putRecord(auditEntries.put({ id: entry.id, day: entry.day, at: entry.at }).params(), entry));
}

/** A day's entries with `at` between `start` and `end` (inclusive), as stored (keys included). */
export const auditEntriesOfDay = (day: string, start: number, end: number) =>
  queryAll(auditEntries.query.byTime({ day }).between({ at: start }, { at: end }).params());
