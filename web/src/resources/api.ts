/** The calls a declaration implies, and how a failed call reads to a person. */
import type { ApiPath } from '@shared/api/paths.ts';
import type { Page } from '@shared/schemas/admin.ts';
import { ApiError, call } from '@web/lib/api.ts';
import { describeError } from '@web/lib/http.ts';
import type { ResourceDecl, Row } from '@web/resources/types.ts';
import type { Translate } from '@web/resources/i18n.ts';

type Call = Exclude<keyof ResourceDecl['api'], 'idParam'>;

/** The list, the record (null when the list row is the whole record) and the query parameter of its id. */
export function endpoints(decl: ResourceDecl) {
  return { idParam: decl.api.idParam ?? 'id', list: decl.api.list, info: decl.api.info ?? null };
}

/**
 * One call of a declaration (its `api`); a call it lacks throws (test/web/api-paths.test.ts checks that each
 * call its screens offer is there).
 */
export function callOf(decl: ResourceDecl, call: Call): ApiPath {
  const path = decl.api[call];
  if (!path) throw new Error(`${decl.id} declares no ${call} call`);
  return path;
}

/** A list answer as a page; some calls answer a plain array. */
export function asPage(data: unknown): Page<Row> {
  if (Array.isArray(data))
    return { records: data as Row[], total: data.length, current: 1, size: data.length };
  const page = (data ?? {}) as Partial<Page<Row>>;
  return {
    records: Array.isArray(page.records) ? page.records : [],
    total: typeof page.total === 'number' ? page.total : 0,
    current: page.current ?? 1,
    size: page.size ?? 10,
    ...(page.truncated ? { truncated: true } : {}),
    ...(page.totalCapped ? { totalCapped: true } : {}),
  };
}

export async function fetchPage(url: ApiPath, body: Row): Promise<Page<Row>> {
  return asPage(await call<unknown>(url, body));
}

export const idOf = (decl: ResourceDecl, row: Row) => String(row[decl.idField] ?? '');

export async function fetchRecord(decl: ResourceDecl, id: string): Promise<Row> {
  const { info, idParam } = endpoints(decl);
  if (!info) throw new Error(`${decl.id} has no info call`);
  return (await call<Row>(info, undefined, { [idParam]: id })) ?? {};
}

export async function deleteRecord(decl: ResourceDecl, row: Row): Promise<void> {
  await call(callOf(decl, 'del'), undefined, { [endpoints(decl).idParam]: idOf(decl, row) });
}

/** The server's message when it sent one, else what the transport failure means. */
export function errorMessage(tr: Translate, error: unknown): string {
  if (error instanceof ApiError) return error.message ? tr(error.message) : tr('admin.common.requestFailed');
  const { key, values } = describeError(error);
  return tr(key, values);
}
