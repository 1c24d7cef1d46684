/**
 * Excel files of the generic export and import (exceljs): one sheet, a header row of field names, one row
 * per record. Reading turns cells back into the values the shared schemas expect.
 *
 * Formula injection: a TEXT cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return) would be
 * taken as a formula by a spreadsheet; it is written with a leading `'` (neutralised), so nothing a record
 * holds is ever executed. Numbers stay numbers (a negative number is not text). Reading removes that one
 * leading quote again, so an exported file imports back unchanged.
 */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { z } from 'zod';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text that a spreadsheet would take as a formula, made plain text; anything else as it is. */
export function neutralise(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The text written by neutralise, back as it was. */
const restore = (value: unknown) =>
  typeof value === 'string' && value.startsWith("'") && FORMULA_START.test(value.slice(1))
    ? value.slice(1)
    : value;

/** The media type of the .xlsx files imports read and exports write. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cellOf = (value: unknown) =>
  neutralise(Array.isArray(value) || (value && typeof value === 'object') ? JSON.stringify(value) : value);

/**
 * A sheet written as rows come (exceljs' streaming writer: each row is compressed when added, so a large
 * export holds its file, not a workbook, in memory). `close` gives the file's bytes.
 */
export function openSheet(name: string, columns: string[]) {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = book.addWorksheet(name.slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((key) => ({ header: key, key, width: Math.max(12, key.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  return {
    contentType: XLSX_TYPE,
    add(row: Record<string, unknown>) {
      sheet.addRow(Object.fromEntries(columns.map((key) => [key, cellOf(row[key])]))).commit();
    },
    async close(): Promise<Buffer> {
      sheet.commit();
      await book.commit();
      return Buffer.concat(chunks);
    },
  };
}

export async function writeSheet(
  name: string,
  columns: string[],
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  const sheet = openSheet(name, columns);
  for (const row of rows) sheet.add(row);
  return sheet.close();
}

/** The rows of the first sheet as header → cell value, with their sheet row numbers. */
export async function readSheet(data: Buffer): Promise<{ row: number; values: Record<string, unknown> }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const header = (sheet.getRow(1).values as unknown[]).map((v) =>
    v === undefined || v === null ? '' : String(v).trim(),
  );
  const out: { row: number; values: Record<string, unknown> }[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = row.values as unknown[];
    const values: Record<string, unknown> = {};
    header.forEach((key, i) => {
      if (!key) return;
      let cell = cells[i];
      if (cell && typeof cell === 'object' && 'text' in (cell as object))
        cell = (cell as { text: unknown }).text;
      if (cell && typeof cell === 'object' && 'result' in (cell as object))
        cell = (cell as { result: unknown }).result;
      if (cell instanceof Date) cell = cell.toISOString();
      cell = restore(cell);
      if (cell !== undefined && cell !== null && cell !== '') values[key] = cell;
    });
    if (Object.keys(values).length) out.push({ row: number, values });
  });
  return out;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The type a field finally holds, through optional/default wrappers, preprocess and pipes. */
function baseType(schema: z.ZodType): string {
  let def = defOf(schema);
  for (;;) {
    if (def.innerType) def = defOf(def.innerType);
    // z.preprocess(fn, schema) is a pipe from a transform into the schema: the schema says the type.
    else if (def.type === 'pipe' && def.in && def.out)
      def = defOf(defOf(def.in).type === 'transform' ? def.out : def.in);
    else return def.type;
  }
}

/** Cell values in the types the schema's fields take (text "TRUE" to a boolean, "12" to a number, JSON lists). */
export function coerceRow(
  shape: Record<string, z.ZodType>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const field = shape[key];
    const type = field ? baseType(field) : 'unknown';
    if (type === 'boolean' && typeof value !== 'boolean') {
      const text = String(value).trim().toLowerCase();
      out[key] = ['true', '1', 'yes'].includes(text)
        ? true
        : ['false', '0', 'no'].includes(text)
          ? false
          : value;
    } else if (
      type === 'number' &&
      typeof value === 'string' &&
      value.trim() !== '' &&
      !Number.isNaN(Number(value))
    ) {
      out[key] = Number(value);
    } else if (type === 'string' && typeof value === 'number') {
      out[key] = String(value);
    } else if ((type === 'array' || type === 'object') && typeof value === 'string') {
      try {
        out[key] = JSON.parse(value);
      } catch {
        out[key] = value;
      }
    } else out[key] = value;
  }
  return out;
}
