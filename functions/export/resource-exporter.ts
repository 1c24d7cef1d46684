/** Exporter of kind `resource`: the records of a declared resource matching the filter of the export call. */
import { columnsOf, exportRows } from '@functions/api/resources.ts';
import { writeSheet, XLSX_TYPE } from '@functions/lib/excel.ts';
import { resourceNamed } from '@functions/resources/registry.ts';
import type { Exporter } from '@functions/api/export-tasks.ts';

export const resourceExporter: Exporter = async (task) => {
  const r = resourceNamed(String(task.params.module), String(task.params.name));
  if (!r) throw new Error(`No resource ${String(task.params.module)}/${String(task.params.name)}`);
  const rows = await exportRows(r, task.params);
  return {
    body: await writeSheet(r.meta.name, columnsOf(r), rows),
    contentType: XLSX_TYPE,
    extension: 'xlsx',
  };
};
