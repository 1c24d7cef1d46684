/**
 * POST /admin/user/updatePwd as the login page's dialog calls it (no session, the username or the id) and as
 * the header's does: the old password checked with sign-in's own attempt rules (counted, five lock, an unknown
 * username answered like a wrong password), the password rule and "differs from the old" on the new one,
 * bad input 400 with nothing changed, and a change that ends the account's sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, encrypt, login, requestToken } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;

async function addUser(username: string) {
  const res = await api(rt.url, admin, '/admin/user/add', {
    username,
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-platform-admin'],
  });
  expect(res.code, res.msg).toBe(0);
  return res.data.userId as string;
}

/** The call as the dialog makes it: no token, passwords encrypted. */
async function change(
  who: { username?: string; id?: string },
  oldPwd: string,
  newPwd: string,
  language?: string,
) {
  return api(
    rt.url,
    undefined,
    '/admin/user/updatePwd',
    { ...who, oldPwd: await encrypt(rt.url, oldPwd), newPwd: await encrypt(rt.url, newPwd) },
    language ? { language } : {},
  );
}

const signsIn = async (username: string, password: string) =>
  (await requestToken(rt.url, username, password)).body.access_token !== undefined;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  admin = await login(rt.url, 'admin', 'Admin12345');
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('change password before login', () => {
  it('changes it with the right old password: the new one signs in, the old one no longer, sessions end', async () => {
    await addUser('pwchange1');
    const session = await login(rt.url, 'pwchange1', 'Secret12345');
    const answer = await change({ username: 'pwchange1' }, 'Secret12345', 'Fresh12345');
    expect(answer.status, answer.msg).toBe(200);
    expect(answer.code).toBe(0);
    expect((await api(rt.url, session, '/admin/menu/list')).status).toBe(401);
    expect(await signsIn('pwchange1', 'Secret12345')).toBe(false);
    expect(await signsIn('pwchange1', 'Fresh12345')).toBe(true);
  });

  it('finds the account by id too (the header dialog)', async () => {
    const id = await addUser('pwchange2');
    expect((await change({ id }, 'Secret12345', 'Fresh12345')).code).toBe(0);
    expect(await signsIn('pwchange2', 'Fresh12345')).toBe(true);
  });

  it('counts a wrong old password toward the lockout, and five lock even the right one', async () => {
    await addUser('pwchange3');
    const first = await change({ username: 'pwchange3' }, 'Wrong12345', 'Fresh12345');
    expect(first.code).not.toBe(0);
    expect(first.msg).toMatch(/4 attempts left/);
    // Attempts at sign-in and at the dialog are one count.
    await requestToken(rt.url, 'pwchange3', 'Wrong12345');
    for (let i = 0; i < 2; i++) await change({ username: 'pwchange3' }, 'Wrong12345', 'Fresh12345');
    const fifth = await change({ username: 'pwchange3' }, 'Wrong12345', 'Fresh12345');
    expect(fifth.msg).toMatch(/locked/);
    const right = await change({ username: 'pwchange3' }, 'Secret12345', 'Fresh12345');
    expect(right.code).not.toBe(0);
    expect(right.msg).toMatch(/locked after too many failed logins/);
    expect(await signsIn('pwchange3', 'Secret12345')).toBe(false);
    const stored = (await api(rt.url, admin, '/admin/user/list', { username: 'pwchange3' })).data.records[0];
    expect(stored.lockFlag).toBe(1);
  });

  it('answers an unknown username and an unknown id like a wrong password', async () => {
    await addUser('pwchange4');
    type Answer = Awaited<ReturnType<typeof change>>;
    const known: Answer[] = [];
    const unknown: Answer[] = [];
    const unknownId: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await change({ username: 'pwchange4' }, 'Wrong12345', 'Fresh12345'));
      unknown.push(await change({ username: 'nobody-pw-4' }, 'Wrong12345', 'Fresh12345'));
      unknownId.push(await change({ id: 'no-such-id-4' }, 'Wrong12345', 'Fresh12345'));
    }
    const texts = (list: Answer[]) => list.map((a) => [a.status, a.code, a.msg]);
    expect(texts(unknown)).toEqual(texts(known));
    expect(texts(unknownId)).toEqual(texts(known));
    expect(known[4]!.msg).toMatch(/locked/);
  });

  it('refuses a weak new password and one equal to the old, with the rule in the caller language, counting nothing', async () => {
    await addUser('pwchange5');
    const weak = await change({ username: 'pwchange5' }, 'Secret12345', 'abcdefgh', 'de');
    expect(weak.status).toBe(400);
    expect(weak.data).toEqual({ newPwd: 'Mindestens 8 Zeichen, davon mindestens 1 Buchstabe und 1 Ziffer' });
    const same = await change({ username: 'pwchange5' }, 'Secret12345', 'Secret12345');
    expect(same.status).toBe(400);
    expect(same.data).toEqual({ newPwd: 'The new password must differ from the current one' });
    expect(await signsIn('pwchange5', 'Secret12345')).toBe(true);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    await addUser('pwchange6');
    const oldPwd = await encrypt(rt.url, 'Secret12345');
    const newPwd = await encrypt(rt.url, 'Fresh12345');
    const bodies: unknown[] = [
      { oldPwd, newPwd }, // no username or id
      { username: '', oldPwd, newPwd },
      { username: 'u'.repeat(33), oldPwd, newPwd },
      { username: 'pwchange6', newPwd },
      { username: 'pwchange6', oldPwd },
      { username: 'pwchange6', oldPwd: 'Secret12345', newPwd }, // not encrypted
      { username: 'pwchange6', oldPwd, newPwd: 'Fresh12345' },
      { username: ['pwchange6'], oldPwd, newPwd },
      { id: 'x'.repeat(65), oldPwd, newPwd },
      { username: 'pwchange6', oldPwd, newPwd, role: ['x'] },
      [],
    ];
    for (const body of bodies) {
      const answer = await api(rt.url, undefined, '/admin/user/updatePwd', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    // The password is unchanged.
    expect(await signsIn('pwchange6', 'Secret12345')).toBe(true);
  });
});
