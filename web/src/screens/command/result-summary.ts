/**
 * A charger's answer to a command in words, without React (the results table's cell, the pages that send a
 * command themselves): labelled fields in one line, statuses as the command catalogue's texts, flags as
 * yes/no, never cut JSON (docs/decisions/452-no-raw-values-in-the-console.md). Field names are labelled from
 * `readable.result.fields`, else from the command parameters' labels, else shown as the protocol names them.
 */
import { formatDateTime } from '@web/lib/format.ts';
import type { Translate } from '@web/resources/i18n.ts';
import { hasText, ocppResultText, paramLabel } from './labels.ts';

export type Json = unknown;
export const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's label: the result's own label, a parameter's label, else its protocol name. */
export function fieldLabel(tr: Translate, name: string): string {
  const key = `readable.result.fields.${name}`;
  return hasText(key) ? tr(key) : paramLabel(tr, name);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A single value as text: statuses in words, flags as yes/no, times as the console writes them. */
export function scalarText(tr: Translate, name: string, value: Json): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'boolean') return tr(value ? 'readable.result.yes' : 'readable.result.no');
  if (typeof value === 'string' && /status$/i.test(name)) return ocppResultText(tr, value);
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value) || value;
  return String(value);
}

/** A line for a list (the results table's cell): "k = v" pairs, names, or a count. */
function listSummary(tr: Translate, items: Json[], max: number): string {
  if (items.length === 0) return tr('readable.result.empty');
  const shown = items.slice(0, max).map((item) => {
    if (!isRecord(item)) return scalarText(tr, '', item);
    if ('key' in item && 'value' in item)
      return `${String(item.key)} = ${scalarText(tr, 'value', item.value)}`;
    if ('key' in item) return String(item.key);
    return undefined;
  });
  if (shown.some((s) => s === undefined)) return tr('readable.result.entries', { count: items.length });
  const rest = items.length - shown.length;
  return [shown.join(', '), rest > 0 ? tr('readable.result.more', { count: rest }) : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * An answer in one line of labelled fields ("Configuration keys: HeartbeatInterval = 300"), for the results
 * table, where the whole answer (a table of keys) does not fit.
 */
export function resultSummary(tr: Translate, result: Json, max = 3): string {
  if (!isRecord(result)) return scalarText(tr, '', result);
  const parts = Object.entries(result).map(([name, value]) => {
    const text = Array.isArray(value)
      ? listSummary(tr, value, max)
      : isRecord(value)
        ? resultSummary(tr, value, max)
        : scalarText(tr, name, value);
    return `${fieldLabel(tr, name)}: ${text}`;
  });
  return parts.length ? parts.join(' · ') : tr('readable.result.empty');
}
