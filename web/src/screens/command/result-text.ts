/**
 * A command's outcome as text, and whether it is still on its way: shared by the command page's results and
 * the pages that send a command themselves (monitor, charging profiles, send-to-charger), which load this
 * small module without the results table.
 */
import { API } from '@shared/api/paths.ts';
import type { Translate } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';
import { callErrorText, ocppResultText } from './labels.ts';
import { resultSummary } from './result-summary.ts';

export const COMMAND_LIST_URL = API.biz.command.list;
const R = 'commandConsole.results';

/** A command still on its way: the list keeps refreshing while one is shown. */
export const isPending = (row: Row) => row.status === 'queued' || row.status === 'sent';

export interface CommandError {
  code?: string;
  description?: string;
}

/** The outcome of a command as text: the answer's status, the CALLERROR, or why there is none yet. */
export function resultText(tr: Translate, row: Row): string {
  const result = row.result as Row | undefined;
  const error = (row.error ?? undefined) as CommandError | undefined;
  if (row.status === 'answered') {
    if (result && typeof result.status === 'string') return ocppResultText(tr, result.status);
    if (result === undefined) return '-';
    return itemsText(tr, result) ?? summary(tr, result);
  }
  if (error?.code) {
    const text = callErrorText(tr, error.code);
    return error.description && error.description !== text ? `${text}: ${error.description}` : text;
  }
  if (error?.description) return error.description;
  if (isPending(row)) return tr(`${R}.waiting`);
  return '-';
}

/** 2.0.1 answers with a status per item: variables read or written, monitors set or cleared. */
const ITEM_LISTS = ['getVariableResult', 'setVariableResult', 'setMonitoringResult', 'clearMonitoringResult'];

/** Each item of such an answer with its status (and a value read), e.g. "HeartbeatInterval: Accepted (300)". */
function itemsText(tr: Translate, result: Row): string | undefined {
  const key = ITEM_LISTS.find((k) => Array.isArray(result[k]));
  if (!key) return undefined;
  return (result[key] as Row[])
    .map((item) => {
      const variable = (item.variable as Row | undefined)?.name;
      const id = item.id;
      const what =
        id === undefined
          ? String(variable ?? '')
          : variable === undefined
            ? tr(`${R}.monitor`, { id })
            : tr(`${R}.variableMonitor`, { variable, id });
      const status = ocppResultText(tr, String(item.attributeStatus ?? item.status ?? ''));
      return item.attributeValue === undefined
        ? tr(`${R}.item`, { item: what, status })
        : tr(`${R}.itemValue`, { item: what, status, value: item.attributeValue });
    })
    .join('; ');
}

/**
 * An answer without a status (a configuration, a list version) as labelled fields in one line, never cut
 * JSON (docs/decisions/452-no-raw-values-in-the-console.md).
 */
function summary(tr: Translate, value: Row): string {
  return resultSummary(tr, value);
}
