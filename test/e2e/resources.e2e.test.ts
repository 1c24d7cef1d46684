/**
 * The resource framework end to end in headless Chromium against the local runtime: a platform
 * administrator creates a parameter, finds it with a filter, edits and exports it (the file appears in File
 * export, done), deletes it after confirming; imports brands from an Excel file with a refused row reported;
 * and sees the screens in another language.
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

async function signIn(page: Page) {
  await page.goto(`${rt.url}/charge/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('Admin12345');
  await page.getByLabel('Image code').fill('ABCD');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/charge\/home$/);
}

describe('declared resources in the browser', () => {
  it('creates, filters, edits, exports and deletes a parameter', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    await page.goto(`${rt.url}/charge/parameter`);
    await page.getByRole('heading', { level: 1, name: 'Parameters' }).waitFor();

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Type', { exact: false }).first().fill('billing');
    await form.getByLabel('Code', { exact: false }).first().fill('E2E_PARAM');
    await form.getByLabel('Name', { exact: false }).first().fill('End to end');
    await form.getByLabel('Value', { exact: false }).first().fill('42');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    const search = page.getByRole('search');
    await search.getByLabel('Code').fill('E2E');
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: /E2E_PARAM/ });
    await row.waitFor();
    // The filter is applied on the server: the seeded COPYRIGHT parameter leaves the list.
    await page.getByRole('row', { name: /COPYRIGHT/ }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').count()).toBe(2); // header + the one match

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Name', { exact: false }).first().fill('Edited end to end');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /Edited end to end/ }).waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByText('Export started').first().waitFor();
    await page.goto(`${rt.url}/charge/fileExport`);
    const task = page.getByRole('row', { name: /parameter-/ });
    await task.first().waitFor();
    for (let i = 0; i < 40 && !(await task.first().textContent())?.includes('Done'); i++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(250);
    }
    expect(await task.first().textContent()).toContain('Done');

    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('button', { name: 'System' }).click();
    await nav.getByRole('link', { name: 'Parameters', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Parameters' }).waitFor();
    const again = page.getByRole('row', { name: /E2E_PARAM/ });
    await again.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await again.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('imports brands from Excel, reporting the refused row, and shows the screen in German', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('brand');
    sheet.addRow(['name', 'remark']);
    sheet.addRow(['Voltix', 'AC wallboxes']);
    sheet.addRow(['Ampera', '']);
    sheet.addRow(['Voltix', 'duplicate name']);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'evc-e2e-')), 'brands.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));

    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${rt.url}/charge/brand`);
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByLabel('Excel file (.xlsx)').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('2 of 3 rows imported').waitFor();
    await page.getByRole('cell', { name: '4' }).first().waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('cell', { name: 'Ampera', exact: true }).first().waitFor();

    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { level: 1, name: 'Marken' }).waitFor();
    await page.getByRole('cell', { name: 'Voltix', exact: true }).first().waitFor();
  });
});
