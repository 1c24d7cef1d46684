/**
 * The list screen of any declared resource: filter bar, toolbar, paged table (page size select, server-side
 * sort, column chooser), row actions by permission, bulk delete, and the create/edit and detail drawers.
 * Loading, empty and failed loads each say so in place. The parts: `list-state` (what is shown),
 * `list-actions` (what rows can do), `list-filters`, `list-toolbar` and `list-table`. A link may name declared
 * filters in its query (`/chargeOrder?progress=1`, the home dashboard's sessions in progress): the list opens
 * with them applied and shown in the bar, also when the page was kept from an earlier visit.
 */
import { Alert, CloseButton, Heading, Stack } from '@chakra-ui/react';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { ListOverlays, useListActions } from '@web/resources/list-actions.tsx';
import { useListState } from '@web/resources/list-state.ts';
import { Pager, ResourceTable } from '@web/resources/list-table.tsx';
import { ListToolbar } from '@web/resources/list-toolbar.tsx';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import type { ResourceDecl, Row } from '@web/resources/types.ts';
import { cleanFilters, FilterBar } from '@web/resources/list-filters.tsx';
import { toInput } from '@web/resources/values.ts';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';

export { LIST_POLL_MS, PAGE_SIZES } from '@web/resources/list-state.ts';

export function ResourceListPage(props: {
  decl: ResourceDecl;
  /** Filters the screen always applies (the users of one company). */
  fixedQuery?: Row;
  /** Called after any change, e.g. to reload a tree shown beside the list. */
  onChanged?: () => void;
  /** Show the title as a heading (the layout already shows the page title of a menu route). */
  heading?: boolean;
}) {
  const tr = useTr();
  const { decl } = props;
  const linked = useLinkedFilters(decl);
  const list = useListState(decl, props.fixedQuery, linked.applied);
  // The bar starts again from a link's filters each time one is followed (a kept page included).
  const [barKey, setBarKey] = useState(0);
  const first = useRef(true);
  const applyLinked = useRef(() => {});
  applyLinked.current = () => {
    list.apply(linked.applied);
    setBarKey((k) => k + 1);
  };
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (linked.key) applyLinked.current();
  }, [linked.key]);
  const { data } = list.swr;
  const [hidden, setHidden] = useState(() => new Set(decl.columns.filter((c) => c.hidden).map((c) => c.key)));

  const changed = (message?: string) => {
    if (message) showMessage('success', message);
    list.selection.clear();
    void list.swr.mutate();
    props.onChanged?.();
  };
  const actions = useListActions(decl, changed);

  return (
    <Stack gap="4">
      {props.heading ? (
        <Heading as="h1" size="lg">
          {tr(decl.title)}
        </Heading>
      ) : null}
      <FilterBar key={barKey} decl={decl} onApply={list.apply} initial={linked.draft} />
      <ListToolbar
        decl={decl}
        list={list}
        actions={actions}
        hidden={hidden}
        onHidden={setHidden}
        changed={() => changed()}
      />
      {data?.truncated ? <Notice status="warning">{tr('resources.truncated')}</Notice> : null}
      {data?.totalCapped ? (
        <Notice status="info">{tr('resources.totalCapped', { total: data.total })}</Notice>
      ) : null}
      {actions.problem ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal" flex="1">
            {actions.problem}
          </Alert.Title>
          <CloseButton size="xs" aria-label={tr('admin.common.close')} onClick={actions.dismissProblem} />
        </Alert.Root>
      ) : null}
      <LoadStates
        {...fromSwr(list.swr)}
        empty={!!data && list.records.length === 0}
        errorTitle={tr('messages.cannotFetch')}
      />
      {list.records.length ? (
        <ResourceTable
          decl={decl}
          columns={decl.columns.filter((c) => !hidden.has(c.key))}
          list={list}
          tickable={actions.canDelete}
          name={actions.name}
          actionsOf={actions.actionsOf}
        />
      ) : null}
      {data ? <Pager total={data.total} paging={list.paging} /> : null}
      <ListOverlays decl={decl} actions={actions} changed={changed} />
    </Stack>
  );
}

/** The declared filters the page's link names in its query: as the bar's inputs and as the list call takes them. */
function useLinkedFilters(decl: ResourceDecl) {
  const [params] = useSearchParams();
  const filters = decl.filters ?? [];
  const draft: Row = {};
  for (const f of filters) {
    const value = params.get(f.name);
    if (value !== null && value !== '') draft[f.name] = toInput(f, value);
  }
  const key = JSON.stringify(draft) === '{}' ? '' : JSON.stringify(draft);
  return { key, draft, applied: cleanFilters(filters, draft) };
}

function Notice(props: { status: 'warning' | 'info'; children: string }) {
  return (
    <Alert.Root status={props.status} size="sm">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{props.children}</Alert.Title>
    </Alert.Root>
  );
}

/** The route screen of a declaration that is a plain list (the domains' page maps use it). */
export function listPageOf(decl: ResourceDecl): ComponentType {
  const Page = () => <ResourceListPage decl={decl} />;
  Page.displayName = `${decl.id}Page`;
  return Page;
}
