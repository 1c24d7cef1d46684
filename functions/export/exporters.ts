/**
 * Exporters by task kind: each turns a task's parameters into the bytes of a file. `resource` exports a
 * declared resource's filtered list (the generic Excel export); `revenue` the revenue statistics' rows and
 * `financeDaily` the nightly finance export (functions/export/revenue-exporter.ts); `orders` the
 * charging orders of a filter (functions/export/order-exporter.ts). A task of a kind with no
 * exporter fails with a clear reason instead of waiting forever.
 */
import { orderExporter } from './order-exporter.ts';
import { resourceExporter } from './resource-exporter.ts';
import { financeDailyExporter, revenueExporter } from './revenue-exporter.ts';
import type { Exporter } from '@functions/api/export-tasks.ts';

// The exporters' contract is with the task (below them all, so they do not import this module back).
export type { ExportFile, ExportProgress, Exporter } from '@functions/api/export-tasks.ts';

export const exporters: Record<string, Exporter> = {
  resource: resourceExporter,
  revenue: revenueExporter,
  financeDaily: financeDailyExporter,
  orders: orderExporter,
};
