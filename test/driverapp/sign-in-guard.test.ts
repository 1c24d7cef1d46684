/**
 * The driver app's sign-in under the one sign-in guard the console's login uses
 * (functions/auth/sign-in-guard.ts; docs/decisions/001-login-attempts.md and
 * docs/decisions/434-one-sign-in-guard-and-strict-money.md), through HTTP on the local runtime:
 * - wrong passwords in a row lock the company's e-mail at the limit, and the right password is then refused
 *   with the lockout message; a burst of concurrent wrong sign-ins is counted atomically (the lock engages at
 *   the limit, not later);
 * - an unknown e-mail gets the same answers, in the same order, as a wrong password, and verifies one hash as
 *   a wrong password does (counted with a spy on the password check, never by the clock);
 * - the counter is per company: the same e-mail in another company's app is not locked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { secretChecks } from '@functions/lib/password.ts';
import { AUTH_RULES } from '@shared/schemas/admin.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
const PASSWORD = 'Rider12345';
const WRONG = 'Wrong12345';
const LOCKED = /^Too many failed sign-ins: sign-in is locked; try again in 30 minutes$/;
const left = (n: number) => `E-mail or password is wrong; ${n} attempts left before sign-in is locked`;

const publicCall = async (path: string, body: unknown) => {
  const res = await fetch(`${rt.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: Json }) };
};

const signIn = (email: string, password: string, operatorId: string | null = DEMO_AGENT_ID) =>
  publicCall('/app/auth/signIn', { ...(operatorId ? { operatorId } : {}), email, password, source: 3 });

async function signUp(email: string, operatorId: string | null = DEMO_AGENT_ID) {
  const made = await publicCall('/app/auth/signUp', {
    ...(operatorId ? { operatorId } : {}),
    email,
    password: PASSWORD,
    userName: email.split('@')[0],
    source: 3,
  });
  expect(made.code, made.msg).toBe(0);
}

beforeAll(async () => {
  rt = await startTestRuntime();
}, 120_000);

afterAll(async () => {
  await rt?.cleanup();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('driver-app sign-in lockout', () => {
  it('locks after the limit of wrong passwords in a row; the right one is then refused', async () => {
    await signUp('seq@example.com');
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await signIn('seq@example.com', WRONG));
    expect(answers.every((a) => a.code !== 0)).toBe(true);
    const max = AUTH_RULES.maxFailures;
    expect(answers.slice(0, max - 1).map((a) => a.msg)).toEqual(
      Array.from({ length: max - 1 }, (_, i) => left(max - 1 - i)),
    );
    for (const a of answers.slice(max - 1)) expect(a.msg).toMatch(LOCKED);
    const right = await signIn('seq@example.com', PASSWORD);
    expect(right.code).not.toBe(0);
    expect(right.msg).toMatch(LOCKED);
    expect(right.data?.token).toBeUndefined();
  });

  it('counts concurrent wrong sign-ins atomically: the lock engages at the limit', async () => {
    await signUp('burst@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn('burst@example.com', WRONG)));
    expect(answers.every((a) => a.code !== 0 && a.status === 200)).toBe(true);
    const wrong = answers.filter((a) => !LOCKED.test(a.msg));
    // Attempts 1 to max-1 are told how many are left (each number once); every other one is locked.
    expect(wrong.map((a) => a.msg).sort()).toEqual(
      Array.from({ length: AUTH_RULES.maxFailures - 1 }, (_, i) => left(i + 1)).sort(),
    );
    expect(answers.length - wrong.length).toBe(20 - (AUTH_RULES.maxFailures - 1));
    expect((await signIn('burst@example.com', PASSWORD)).msg).toMatch(LOCKED);
  });

  it('a right password within the limit signs in and starts the count again', async () => {
    await signUp('reset@example.com');
    for (let i = 0; i < AUTH_RULES.maxFailures - 1; i++)
      expect((await signIn('reset@example.com', WRONG)).code).not.toBe(0);
    expect((await signIn('reset@example.com', PASSWORD)).code).toBe(0);
    expect((await signIn('reset@example.com', WRONG)).msg).toBe(left(AUTH_RULES.maxFailures - 1));
    expect((await signIn('reset@example.com', PASSWORD)).code).toBe(0);
  });

  it('counts per company: the same e-mail in the platform’s app is not locked by the company’s', async () => {
    await signUp('twice@example.com');
    await signUp('twice@example.com', null); // the platform's own app
    for (let i = 0; i < AUTH_RULES.maxFailures; i++) await signIn('twice@example.com', WRONG);
    expect((await signIn('twice@example.com', PASSWORD)).msg).toMatch(LOCKED);
    expect((await signIn('twice@example.com', PASSWORD, null)).code).toBe(0);
  });
});

describe('driver-app sign-in does not tell who has an account', () => {
  it('answers an unknown e-mail exactly as a wrong password, attempt by attempt', async () => {
    await signUp('known@example.com');
    for (let i = 0; i < AUTH_RULES.maxFailures + 2; i++) {
      const wrong = await signIn('known@example.com', WRONG);
      const unknown = await signIn('nobody@example.com', WRONG);
      expect(unknown).toEqual(wrong);
    }
  });

  it('verifies one password hash for an unknown e-mail, as for a wrong password', async () => {
    await signUp('timed@example.com');
    const checks = vi.spyOn(secretChecks, 'verifySecret');
    expect((await signIn('timed@example.com', WRONG)).code).not.toBe(0);
    const known = checks.mock.calls.length;
    checks.mockClear();
    expect((await signIn('nobody-timed@example.com', WRONG)).code).not.toBe(0);
    const unknown = checks.mock.calls.length;
    expect(known).toBe(1);
    expect(unknown).toBe(known);
    // The unknown e-mail's check is a real scrypt verification (the dummy hash has the real parameters).
    expect(checks.mock.calls[0]![1]).toMatch(/^scrypt\$16384\$8\$1\$/);
  });
});
