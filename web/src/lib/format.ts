/**
 * Dates: the API speaks UTC ISO 8601; people read local time as `YYYY-MM-DD HH:mm:ss` (docs/product.md
 * section 9). One formatter, used by every table, detail view and form of the console.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-01-31 13:05:09` in the browser's time zone; '' for no or an unreadable value. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  if (!d) return '';
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** The value of an `<input type="datetime-local" step="1">` (local time) for a UTC ISO time. */
export function toLocalInput(value: unknown): string {
  return formatDateTime(value).replace(' ', 'T');
}

/** UTC ISO time for a `datetime-local` input value (read as local time); undefined when empty or invalid. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value); // no offset in the string: the spec reads it as local time
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

const DAY_MS = 86_400_000;

/**
 * Why a date-time range from two `datetime-local` inputs cannot be asked for (translation key and values),
 * or null. An empty start is open; an empty end is now; the range may span at most `maxDays` days.
 */
export function rangeProblem(
  from: string,
  to: string,
  maxDays: number,
  now = Date.now(),
): { key: string; values?: Record<string, unknown> } | null {
  const start = from ? Date.parse(fromLocalInput(from) ?? '') : undefined;
  const end = to ? Date.parse(fromLocalInput(to) ?? '') : now;
  if ((from && Number.isNaN(start)) || Number.isNaN(end)) return { key: 'validation.dateFormat' };
  if (start !== undefined && end < start) return { key: 'server.rangeReversed' };
  if (start !== undefined && end - start > maxDays * DAY_MS)
    return { key: 'server.rangeTooLong', values: { days: maxDays } };
  return null;
}
