/**
 * Exporters by task kind: each turns a task's parameters into the bytes of a file. `resource` exports a
 * declared resource's filtered list (the generic Excel export); `revenue` the revenue statistics' rows and
 * `financeDaily` the nightly finance export (functions/export/revenue-exporter.ts). A task of a kind with no
 * exporter fails with a clear reason instead of waiting forever.
 */
import { resourceExporter } from './resource-exporter.ts';
import { financeDailyExporter, revenueExporter } from './revenue-exporter.ts';
import type { ExportTask } from './tasks.ts';

export interface ExportFile {
  body: Uint8Array;
  contentType: string;
  extension: string;
}

export type Exporter = (task: ExportTask) => Promise<ExportFile>;

export const exporters: Record<string, Exporter> = {
  resource: resourceExporter,
  revenue: revenueExporter,
  financeDaily: financeDailyExporter,
};
