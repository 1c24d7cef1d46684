/**
 * Mail sent for a company goes through that company's mail server (decision 130), against the local runtime
 * with a second SMTP sink: a company bound to a /mail record has its alarm mail delivered there (as the
 * record's sender) and not through the platform's sink; its sub-companies use it too; a company without one
 * uses the platform's; a company server that refuses is signed in to with the stored password, and its
 * refusal is logged (without the password) and never loses the alarm. Only the platform binds a company to a
 * server, and only to one that exists.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtp } from '@infra/local/smtp.ts';
import { raiseAlarm, type ChargerRef } from '@functions/alarms/service.ts';
import { logger } from '@functions/lib/logger.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let companySink: Awaited<ReturnType<typeof startSmtp>>;
let companySinkDir: string;
let refusing: SMTPServer;
let refusingPort: number;
/** The sign-ins the refusing server saw. */
const signIns: { user: string; pass: string }[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
const ok = async <T = any>(token: string, route: string, body?: unknown) => {
  const res = await api<T>(rt.url, token, route, body);
  expect(res.code, `${route}: ${res.msg}`).toBe(0);
  return res.data;
};

const read = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
const platformMails = () => read(rt.smtp.mailDir);
const companyMails = () => read(companySink.mailDir);

const ref = (company: { id: string; path: string }, chargePointId: string): ChargerRef => ({
  tenant: company.path,
  agentId: company.id,
  chargePointId,
});

/** A company made by the platform (mailId optional), with its path as the runtime stores it. */
async function company(name: string, extra: { parent?: { id: string; path: string }; mailId?: string } = {}) {
  const { parent, ...fields } = extra;
  const created = await ok(admin, '/admin/operator/add', {
    operatorName: name,
    currency: 'EUR',
    contactMail: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
    subStatus: 2,
    parentId: parent?.id,
    ...fields,
  });
  return { id: created.id as string, path: `${parent?.path ?? '/'}${String(created.id)}/` };
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let own: { id: string; path: string };
let ownChild: { id: string; path: string };
let plain: { id: string; path: string };
let refuser: { id: string; path: string };
let ownServer: { id: string };
let refusingServer: { id: string };

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'none' });
  companySinkDir = mkdtempSync(path.join(os.tmpdir(), 'evc-company-smtp-'));
  companySink = await startSmtp(companySinkDir, 0);
  refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    allowInsecureAuth: true,
    // It signs the sender in (recording what it was given), then refuses every recipient.
    onAuth(auth, _session, callback) {
      signIns.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
  refusingPort = (refusing.server.address() as { port: number }).port;

  admin = await login(rt.url, 'admin', 'Admin12345');
  ownServer = await ok(admin, '/admin/mail/add', {
    name: 'Own Co mail',
    host: '127.0.0.1',
    port: companySink.port,
    sslFlag: 0,
    userName: 'own-mailer',
    fromAddress: 'alarms@own.example',
  });
  refusingServer = await ok(admin, '/admin/mail/add', {
    name: 'Refusing mail',
    host: '127.0.0.1',
    port: refusingPort,
    sslFlag: 0,
    userName: 'refused-mailer',
    password: 'never-logged-secret',
    fromAddress: 'alarms@refuser.example',
  });
  own = await company('Own Mail Co', { mailId: ownServer.id });
  ownChild = await company('Own Mail Child', { parent: own });
  plain = await company('Plain Mail Co');
  refuser = await company('Refusing Mail Co', { mailId: refusingServer.id });

  // A platform template and mail setting: every company's alarm with this code is mailed.
  const template = await ok(admin, '/biz/alarmTemplate/add', {
    name: 'Mail route',
    code: 'MailRoute',
    level: 2,
  });
  await ok(admin, '/biz/alarmMail/add', {
    name: 'Watch',
    consignees: 'watch@example.com',
    templateId: template.id,
  });
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await companySink?.stop();
  await new Promise<void>((resolve) => (refusing ? refusing.close(() => resolve()) : resolve()));
  if (companySinkDir) rmSync(companySinkDir, { recursive: true, force: true });
  await rt?.cleanup();
});

describe("a company's alarm mail", () => {
  it("goes through the company's own mail server, as its sender, not through the platform's", async () => {
    await raiseAlarm(ref(own, 'OWN-CP-1'), { connectorId: 1, code: 'MailRoute', at: ago(5) });
    const mail = await waitFor(() => companyMails().find((m) => m.includes('OWN-CP-1')), 10_000, 'the mail');
    expect(mail).toContain('X-Envelope-To: watch@example.com');
    expect(mail).toMatch(/^From: .*alarms@own\.example/m);
    expect(platformMails().some((m) => m.includes('OWN-CP-1'))).toBe(false);
  });

  it("of a sub-company without its own goes through its parent company's server", async () => {
    await raiseAlarm(ref(ownChild, 'CHILD-CP-1'), { connectorId: 1, code: 'MailRoute', at: ago(5) });
    await waitFor(() => companyMails().find((m) => m.includes('CHILD-CP-1')), 10_000, 'the mail');
    expect(platformMails().some((m) => m.includes('CHILD-CP-1'))).toBe(false);
  });

  it("of a company without a mail server goes through the platform's", async () => {
    await raiseAlarm(ref(plain, 'PLAIN-CP-1'), { connectorId: 1, code: 'MailRoute', at: ago(5) });
    const mail = await waitFor(
      () => platformMails().find((m) => m.includes('PLAIN-CP-1')),
      10_000,
      'the mail',
    );
    expect(mail).toMatch(/^From: .*alarms@ev-console\.local/m);
    expect(companyMails().some((m) => m.includes('PLAIN-CP-1'))).toBe(false);
  });

  it('is logged, without the password, when the company server refuses, and the alarm is kept', async () => {
    const errors = vi.spyOn(logger, 'error');
    try {
      await raiseAlarm(ref(refuser, 'REFUSED-CP-1'), { connectorId: 1, code: 'MailRoute', at: ago(5) });
      const call = errors.mock.calls.find(([message]) => message === 'Alarm mail not sent');
      expect(call).toBeDefined();
      expect(call![1]).toMatchObject({
        mailServer: refusingServer.id,
        host: '127.0.0.1',
        port: refusingPort,
      });
      expect(JSON.stringify(call![1])).toMatch(/550/);
      expect(JSON.stringify(call)).not.toContain('never-logged-secret');
    } finally {
      errors.mockRestore();
    }
    // It signed in with the stored user and password.
    expect(signIns).toContainEqual({ user: 'refused-mailer', pass: 'never-logged-secret' });
    // Not sent through the platform's server instead.
    expect(platformMails().some((m) => m.includes('REFUSED-CP-1'))).toBe(false);
    const list = await ok(admin, '/biz/alarm/list', { chargePointId: 'REFUSED-CP-1', current: 1, size: 10 });
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ code: 'MailRoute', status: 'open', agentId: refuser.id });
  });
});

describe("a company's mail server binding", () => {
  it('is chosen by the platform only, and only among existing servers', async () => {
    const username = 'plain-mail-admin';
    await ok(admin, '/admin/user/add', {
      username,
      password: await encrypt(rt.url, 'Secret12345'),
      role: ['role-operator-admin'],
      agentId: plain.id,
    });
    const companyAdmin = await login(rt.url, username, 'Secret12345');
    const current = await ok(companyAdmin, `/admin/operator/info?id=${plain.id}`, undefined);
    // A company cannot bind itself to another company's server: its save keeps what it had.
    const saved = await ok(companyAdmin, '/admin/operator/update', {
      ...pick(current),
      mailId: ownServer.id,
      mailName: 'own-mailer',
    });
    expect(saved.mailId).toBeUndefined();
    await raiseAlarm(ref(plain, 'PLAIN-CP-2'), { connectorId: 1, code: 'MailRoute', at: ago(4) });
    await waitFor(() => platformMails().find((m) => m.includes('PLAIN-CP-2')), 10_000, 'the mail');
    expect(companyMails().some((m) => m.includes('PLAIN-CP-2'))).toBe(false);

    // The platform cannot bind it to a server that does not exist, in the caller's language.
    const fresh = await ok(admin, `/admin/operator/info?id=${plain.id}`, undefined);
    for (const [language, text] of [
      ['en', 'The chosen mail server does not exist; choose one from the mail server list'],
      ['de', 'Der gewählte Mailserver existiert nicht; bitte einen aus der Mailserver-Liste wählen'],
    ]) {
      const refused = await api(
        rt.url,
        admin,
        '/admin/operator/update',
        { ...pick(fresh), mailId: 'no-such-server' },
        { language },
      );
      expect(refused.code).not.toBe(0);
      expect(refused.msg).toBe(text);
    }
    expect((await ok(admin, `/admin/operator/info?id=${plain.id}`, undefined)).mailId).toBeUndefined();

    // The platform binds it to an existing one: its mail goes there from then on.
    const bound = await ok(admin, '/admin/operator/update', { ...pick(fresh), mailId: ownServer.id });
    expect(bound.mailId).toBe(ownServer.id);
    await raiseAlarm(ref(plain, 'PLAIN-CP-3'), { connectorId: 1, code: 'MailRoute', at: ago(3) });
    await waitFor(() => companyMails().find((m) => m.includes('PLAIN-CP-3')), 10_000, 'the mail');
    expect(platformMails().some((m) => m.includes('PLAIN-CP-3'))).toBe(false);
  });
});

/** The form's fields of an operator as the console sends them back. */
function pick(operator: Record<string, unknown>) {
  const { parentName: _p, createTime: _c, updateTime: _u, ...rest } = operator;
  return rest;
}
