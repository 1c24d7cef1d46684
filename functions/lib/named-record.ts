/**
 * A record a call names by id is loaded in the caller's tenancy before anything is computed for it: an id the
 * caller cannot see answers "does not exist", as every other route answers it, never figures of the caller's
 * own (docs/decisions/435-foreign-ids-ocpp-framing-log-context.md).
 */
import { notFound } from './errors.ts';

/** The record when the caller can see it; the "does not exist" refusal otherwise. */
export function mustExist<T>(record: T | undefined | null): T {
  if (record === undefined || record === null) throw notFound();
  return record;
}

/**
 * The id a call names: `?id=` in the query string or `field` in its body. Naming two different records at
 * once names none the route can answer for: "does not exist". An empty value names nothing.
 */
export function namedId(
  query: Record<string, string | undefined>,
  body: unknown,
  field = 'id',
): string | undefined {
  const fromQuery = query.id || undefined;
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  const fromBody = raw === undefined || raw === null || raw === '' ? undefined : raw;
  if (fromBody !== undefined && typeof fromBody !== 'string') throw notFound();
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) throw notFound();
  return fromQuery ?? fromBody;
}
