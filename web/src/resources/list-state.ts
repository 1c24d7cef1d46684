/**
 * What a list screen is showing: the applied filters, the page and its size, the server-side sort, the ticked
 * rows, and the page itself as loaded (read again while any shown row is still in progress).
 */
import { endpoints, fetchPage, idOf } from '@web/resources/api.ts';
import type { ResourceDecl, Row } from '@web/resources/types.ts';
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';

/** How often a list with rows still in progress is read again. */
export const LIST_POLL_MS = 2_000;

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type Sort = { key: string; desc: boolean } | null;

/** A column's next sort on a click: ascending, then descending, then none. */
export const nextSort = (sort: Sort, key: string): Sort =>
  sort?.key !== key ? { key, desc: false } : sort.desc ? null : { key, desc: true };

/** `initial`: the filters applied from the start (a link's, list-page.tsx). */
export function useListState(decl: ResourceDecl, fixedQuery?: Row, initial?: Row) {
  const [applied, setApplied] = useState<Row>(() => initial ?? {});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [sort, setSort] = useState<Sort>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const query = useMemo(() => ({ ...applied, ...fixedQuery }), [applied, fixedQuery]);
  const listUrl = endpoints(decl).list;
  // The server sorts the whole filtered list, so paging and sorting agree.
  const order = sort ? { orderBy: sort.key, order: sort.desc ? 'desc' : 'asc' } : {};
  const request = { ...query, ...order, current, size };
  const swr = useSWR([listUrl, JSON.stringify(request)], () => fetchPage(listUrl, request), {
    keepPreviousData: true,
    // A list of work in progress (export tasks) reads itself again until every shown row has settled.
    refreshInterval: (latest) =>
      decl.refreshWhile && latest?.records.some(decl.refreshWhile) ? LIST_POLL_MS : 0,
  });
  const { data } = swr;

  // After a delete emptied the last page, show the page that now is the last.
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / size));
  useEffect(() => {
    if (data && current > pages) setCurrent(pages);
  }, [data, current, pages]);

  const records = useMemo(() => data?.records ?? [], [data]);
  const ids = records.map((r) => idOf(decl, r));

  return {
    swr,
    records,
    query,
    order,
    /** Filters as the list call takes them; back to the first page. */
    apply: (filters: Row) => {
      setApplied(filters);
      setCurrent(1);
    },
    paging: {
      current,
      pages,
      size,
      go: setCurrent,
      resize: (next: number) => {
        setSize(next);
        setCurrent(1);
      },
    },
    sort,
    sortBy: (key: string) => setSort((s) => nextSort(s, key)),
    selection: {
      ids,
      selected,
      chosen: records.filter((r) => selected.has(idOf(decl, r))),
      all: (on: boolean) => setSelected(on ? new Set(ids) : new Set()),
      tick: (id: string, on: boolean) =>
        setSelected((prev) => {
          const next = new Set(prev);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      clear: () => setSelected(new Set()),
    },
  };
}

export type ListState = ReturnType<typeof useListState>;
