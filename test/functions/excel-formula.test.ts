/**
 * Export cells never carry a formula: text starting with =, +, - or @ (or a tab or carriage return) is
 * written with a leading quote, numbers stay numbers, and reading the file gives the original text back.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutralise, readSheet, writeSheet } from '@functions/lib/excel.ts';

// (A carriage return is neutralised too, but XML turns it into a line feed, so it is not read back.)
const evil = ['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\t=1'];

describe('writeSheet', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    for (const text of [...evil, '\r=1']) expect(neutralise(text)).toBe(`'${text}`);
    for (const plain of ['plain', 'a=b', '', ' =1', "'quoted"]) expect(neutralise(plain)).toBe(plain);
    expect(neutralise(-5)).toBe(-5);
    expect(neutralise(null)).toBe(null);
  });

  it('writes quoted text and real numbers, never a formula, and reads them back as they were', async () => {
    const rows = [
      ...evil.map((text, i) => ({ name: text, amount: -(i + 1.5) })),
      { name: 'plain', amount: 0 },
      { name: ['=x'], amount: 1 }, // a list is written as JSON text (starts with '[')
    ];
    const file = await writeSheet('s', ['name', 'amount'], rows);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    for (let r = 2; r <= evil.length + 1; r++) {
      const name = sheet.getRow(r).getCell(1);
      expect(name.type).toBe(ExcelJS.ValueType.String);
      expect(name.value).toBe(`'${evil[r - 2]}`);
      expect(name.formula).toBeUndefined();
      const amount = sheet.getRow(r).getCell(2);
      expect(amount.type).toBe(ExcelJS.ValueType.Number);
      expect(amount.value).toBe(-(r - 2 + 1.5));
    }
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));

    const back = await readSheet(file);
    expect(back.slice(0, evil.length).map((r) => r.values.name)).toEqual(evil);
    expect(back.at(-1)!.values.name).toBe('["=x"]');
  });
});
