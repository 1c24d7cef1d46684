/** Read-only view of one record: its declared detail fields, as a list of label and value. */
import { CloseButton, DataList, Drawer, Portal } from '@chakra-ui/react';
import type { ApiPath } from '@shared/api/paths.ts';
import { ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { endpoints, errorMessage, fetchRecord, idOf } from '@web/resources/api.ts';
import { renderValue } from '@web/resources/cells.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { LoadStates } from '@web/resources/load-states.tsx';
import type { DetailField, ResourceDecl, Row } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import useSWR from 'swr';

export function ResourceDetail({ fields, record }: { fields: readonly DetailField[]; record: Row }) {
  const tr = useTr();
  return (
    <DataList.Root orientation="horizontal" size="md" divideY="1px">
      {fields.map((field) => (
        <DataList.Item key={field.key} pt="3" alignItems="flex-start">
          <DataList.ItemLabel minW="40">{tr(field.label)}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" wordBreak="break-word">
            {renderValue(tr, field, record)}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The detail view of a list row, in a drawer; fetched fresh when the resource has an info call. */
export function ResourceDetailDrawer(props: { decl: ResourceDecl; row: Row | null; onClose: () => void }) {
  const tr = useTr();
  const { decl, row } = props;
  const hasInfo = endpoints(decl).info !== null;
  const loaded = useLoad(row && hasInfo ? `${decl.id}:detail:${idOf(decl, row)}` : null, () =>
    fetchRecord(decl, idOf(decl, row ?? {})),
  );
  const record = hasInfo ? loaded.data : row;
  return (
    <Drawer.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={tr('admin.common.detailTitle', { name: tr(decl.title) })}
      open={row !== null}
      onOpenChange={(e) => (e.open ? undefined : props.onClose())}
      size="lg"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{tr('admin.common.detailTitle', { name: tr(decl.title) })}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <LoadStates error={loaded.error} loading={loaded.loading} onRetry={loaded.retry} />
              {record ? <ResourceDetail fields={decl.detail ?? decl.columns} record={record} /> : null}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={tr('admin.common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** What a record's page shows until its record is there: the first load, or why it did not come (with a retry). */
export function DetailPageFallback(props: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const tr = useTr();
  if (props.loading) return <LoadingState label={tr('admin.common.loading')} />;
  return (
    <ErrorState
      title={tr('admin.common.getError')}
      message={props.error ? errorMessage(tr, props.error) : tr('admin.common.empty')}
      retryLabel={tr('actions.retry')}
      onRetry={props.onRetry}
      retrying={props.retrying}
    />
  );
}

/**
 * A record's page data: `url` answers for `{ id }`, read again every `refreshMs` when given (keeping what is
 * shown meanwhile); `fallback` is what the page shows while there is no record.
 */
export function useRecordPage<T = Row>(url: ApiPath, id: string, refreshMs?: number) {
  const swr = useSWR(
    id ? [url, id] : null,
    () => call<T>(url, undefined, { id }),
    refreshMs ? { refreshInterval: refreshMs, keepPreviousData: true } : undefined,
  );
  const fallback = (
    <DetailPageFallback
      loading={swr.isLoading}
      error={swr.error}
      onRetry={() => void swr.mutate()}
      retrying={swr.isValidating}
    />
  );
  return { ...swr, fallback };
}
