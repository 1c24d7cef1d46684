/** The calls a declaration implies, and how a failed call reads to a person. */
import type { Page } from '@shared/schemas/admin.ts';
import { ApiError, call } from '@web/lib/api.ts';
import { describeError } from '@web/lib/http.ts';
import type { ResourceDecl, Row } from '@web/resources/types.ts';
import type { Translate } from '@web/resources/i18n.ts';

export function endpoints(decl: ResourceDecl) {
  const { base, idParam = 'id' } = decl.api;
  return {
    idParam,
    list: decl.api.list ?? `${base}/list`,
    info: decl.api.info === false ? null : (decl.api.info ?? `${base}/info`),
    add: decl.api.add ?? `${base}/add`,
    update: decl.api.update ?? `${base}/update`,
    del: decl.api.del ?? `${base}/del`,
  };
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

export async function fetchPage(url: string, body: Row): Promise<Page<Row>> {
  return asPage(await call<unknown>(url, body));
}

export const idOf = (decl: ResourceDecl, row: Row) => String(row[decl.idField] ?? '');

export async function fetchRecord(decl: ResourceDecl, id: string): Promise<Row> {
  const { info, idParam } = endpoints(decl);
  if (!info) throw new Error(`${decl.id} has no info call`);
  return (await call<Row>(info, undefined, { [idParam]: id })) ?? {};
}

export async function deleteRecord(decl: ResourceDecl, row: Row): Promise<void> {
  const { del, idParam } = endpoints(decl);
  await call(del, undefined, { [idParam]: idOf(decl, row) });
}

/** The server's message when it sent one, else what the transport failure means. */
export function errorMessage(tr: Translate, error: unknown): string {
  if (error instanceof ApiError) return error.message ? tr(error.message) : tr('admin.common.requestFailed');
  const { key, values } = describeError(error);
  return tr(key, values);
}
