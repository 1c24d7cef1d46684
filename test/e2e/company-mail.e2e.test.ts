/**
 * A company's mail server end to end (decision 130) in headless Chromium against the local runtime: the
 * platform administrator binds the demo company to a mail server in the company form (which says what the
 * binding does), and the company's next alarm mail arrives at that server, not at the platform's sink.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '@infra/local/smtp.ts';
import { raiseAlarm } from '@functions/alarms/service.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let sink: Awaited<ReturnType<typeof startSmtp>>;
let sinkDir: string;

const read = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  sinkDir = mkdtempSync(path.join(os.tmpdir(), 'evc-company-smtp-'));
  [rt, browser, sink] = await Promise.all([
    startTestRuntime({ seed: 'demo' }),
    launchBrowser(),
    startSmtp(sinkDir, 0),
  ]);
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await sink?.stop();
  await rt?.cleanup();
  if (sinkDir) rmSync(sinkDir, { recursive: true, force: true });
});

describe("a company's mail server in the browser", () => {
  it(
    'is chosen on the company form, and the company alarm mail goes through it',
    { timeout: 120_000 },
    async () => {
      const admin = await login(rt.url, 'admin', 'Admin12345');
      const server = await api(rt.url, admin, '/admin/mail/add', {
        name: 'Demo company mail',
        host: '127.0.0.1',
        port: sink.port,
        sslFlag: 0,
        userName: 'demo-company-mailer',
        fromAddress: 'alarms@demo-company.example',
      });
      expect(server.code, server.msg).toBe(0);
      const template = await api(rt.url, admin, '/biz/alarmTemplate/add', {
        name: 'Browser mail',
        code: 'BrowserMail',
        level: 3,
      });
      await api(rt.url, admin, '/biz/alarmMail/add', {
        name: 'Browser watch',
        consignees: 'watch@demo-company.example',
        templateId: template.data.id,
      });

      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${rt.url}/charge/login`);
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('Admin12345');
      await page.getByLabel('Image code').fill('ABCD');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/charge\/home$/);
      await page.goto(`${rt.url}/charge/operator`);
      await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
      await page
        .getByRole('row', { name: /Demo Operator/ })
        .first()
        .getByRole('button', { name: 'Edit' })
        .click();
      const form = page.getByRole('dialog');
      await form.getByText("The company's mail (alarm mail) goes out through this server").waitFor();
      await form.getByLabel('Mail server').click();
      await form.getByRole('option', { name: 'demo-company-mailer' }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });

      const demo = await api(rt.url, admin, '/admin/operator/info?id=demo-operator');
      expect(demo.data).toMatchObject({ mailId: server.data.id, mailName: 'demo-company-mailer' });

      await raiseAlarm(
        { tenant: '/demo-operator/', agentId: 'demo-operator', chargePointId: 'DEMO-CP-MAIL' },
        { connectorId: 1, code: 'BrowserMail', at: new Date().toISOString() },
      );
      const mail = await waitFor(
        () => read(sink.mailDir).find((m) => m.includes('DEMO-CP-MAIL')),
        10_000,
        'the company mail',
      );
      expect(mail).toMatch(/^From: .*alarms@demo-company\.example/m);
      expect(read(rt.smtp.mailDir).some((m) => m.includes('DEMO-CP-MAIL'))).toBe(false);
      expect(errors).toEqual([]);
    },
  );
});
