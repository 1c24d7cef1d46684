/** What a data view shows besides its data: why the load failed (with a retry), the first load, or "nothing here". */
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';

/**
 * LoadStates' load props from an SWR response: its failure, its first load (no data yet), a retry that
 * revalidates (and shows as running while it does, when `isValidating` is given).
 */
export function fromSwr(swr: {
  data?: unknown;
  error?: unknown;
  isLoading: boolean;
  isValidating?: boolean;
  mutate: () => Promise<unknown>;
}) {
  return {
    error: swr.error,
    loading: !swr.data && swr.isLoading,
    onRetry: () => void swr.mutate(),
    retrying: swr.isValidating,
  };
}

export function LoadStates(props: {
  /** The load's failure, if any: shown with a retry. */
  error?: unknown;
  /** The first load is under way (nothing to show yet). */
  loading: boolean;
  /** The load came back with nothing. */
  empty?: boolean;
  emptyTitle?: string;
  emptyDescription?: string;
  onRetry: () => void;
  retrying?: boolean;
  /** Defaults: `admin.common.getError`, `admin.common.loading`. */
  errorTitle?: string;
  loadingLabel?: string;
}) {
  const tr = useTr();
  return (
    <>
      {props.error ? (
        <ErrorState
          title={props.errorTitle ?? tr('admin.common.getError')}
          message={errorMessage(tr, props.error)}
          retryLabel={tr('actions.retry')}
          onRetry={props.onRetry}
          retrying={props.retrying}
        />
      ) : null}
      {props.loading ? <LoadingState label={props.loadingLabel ?? tr('admin.common.loading')} /> : null}
      {props.empty ? (
        <EmptyState
          title={props.emptyTitle ?? tr('admin.common.empty')}
          description={props.emptyDescription}
        />
      ) : null}
    </>
  );
}
