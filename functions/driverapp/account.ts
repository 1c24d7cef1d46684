/**
 * The driver app's accounts (docs/decisions/194-driver-app-api.md): sign-up and sign-in by e-mail within a
 * company's app (or the platform's), with tokens of their own (kind `app`: the HTTP middleware lets them
 * reach the `/app/` routes and nothing else, and staff tokens never reach those), the profile and sign-out. A
 * locked user cannot sign in, and locking a user ends their sessions (functions/accounts/app-users.ts).
 */
import type { z } from 'zod';
import { AUTH_RULES } from '@shared/schemas/admin.ts';
import { closeSession, openSession } from '@functions/auth/sessions.ts';
import { appAnswers, guardPassword, lockCutoff } from '@functions/auth/sign-in-guard.ts';
import { clearLoginAttempts } from '@functions/data/login-attempts.ts';
import { appUsers, createAppUser, shownAppUser, type AppUserRecord } from '@functions/accounts/app-users.ts';
import { operators } from '@functions/data/operators.ts';
import { companyOfTenant } from '@functions/identity/tenants.ts';
import { AppError, badRequest, refused, unauthorized } from '@functions/lib/errors.ts';
import { hashSecret } from '@functions/lib/password.ts';
import { PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { uniqueOwner } from '@functions/data/repository.ts';
import { LOCK_FLAG } from '@shared/resources/crm/app-user.ts';
import type { appProfileSchema, appSignInSchema, appSignUpSchema } from '@shared/schemas/driver-app.ts';

/** The company (tenant path) whose app it is: an existing company's, or the platform's. */
async function appTenant(operatorId: string | undefined): Promise<string> {
  if (!operatorId) return PLATFORM_TENANT;
  const company = await operators.getAny(operatorId);
  if (!company) throw badRequest('server.validation', { operatorId: 'driverApp.server.noCompany' });
  return company.path;
}

/** The signed-in user, or 401 when the account is gone. */
export async function appUserOf(id: string | undefined) {
  const user = id ? await appUsers.getAny(id) : undefined;
  if (!user) throw unauthorized();
  return user;
}

async function tokensFor(user: AppUserRecord & Stored) {
  const tokens = await openSession({
    sub: user.id,
    username: user.email ?? user.userName,
    agentId: companyOfTenant(user.tenant),
    kind: 'app',
  });
  return { token: tokens.access_token, expiresIn: tokens.expires_in, user: shownAppUser(user) };
}

export interface SignInContext {
  ip: string;
  at: string;
}

export async function signUp(input: z.infer<typeof appSignUpSchema>, context: SignInContext) {
  const tenant = await appTenant(input.operatorId);
  const user = await createAppUser(
    {
      userName: input.userName,
      email: input.email,
      ...(input.phone ? { phone: input.phone } : {}),
      regSource: input.source,
      passwordHash: await hashSecret(input.password),
      lastLoginTime: context.at,
      lastLoginSource: input.source,
      lastIp: context.ip,
    },
    tenant,
  );
  return tokensFor(user);
}

/**
 * Sign-in by e-mail in a company's app, under the one sign-in guard the console's login uses
 * (functions/auth/sign-in-guard.ts; docs/decisions/001-login-attempts.md and
 * docs/decisions/434-one-sign-in-guard-and-strict-money.md): attempts counted atomically per company and
 * e-mail before the password is checked, a lock after the limit, and an unknown e-mail (or an account without a
 * password) counted and answered alike, with a dummy hash verified so the time does not tell either. A staff
 * lock is told only to the right password.
 */
export async function signIn(input: z.infer<typeof appSignInSchema>, context: SignInContext) {
  const now = Date.now();
  const tenant = await appTenant(input.operatorId);
  const id = await uniqueOwner('APPUSER.email', `${tenant}|${input.email}`);
  const found = id ? await appUsers.getAny(id) : undefined;
  const counter = { kind: 'app', name: `${tenant}|${input.email}` };
  const user = await guardPassword(
    {
      counter,
      account: found,
      hash: found?.passwordHash,
      password: input.password,
      answers: appAnswers,
      now,
    },
    async (right) => {
      if (right.lockFlag === LOCK_FLAG.locked) throw refused('driverApp.server.locked');
      return clearLoginAttempts(counter, lockCutoff(now), AUTH_RULES.maxFailures);
    },
  );
  const facts = { lastLoginTime: context.at, lastLoginSource: input.source, lastIp: context.ip };
  return tokensFor(await updateFresh(user, (current) => ({ ...current, ...facts })));
}

/**
 * A user's record changed from what is stored now: a balance moved meanwhile (a session paid) bumps the
 * version, so the change is read again and made again rather than refused.
 */
async function updateFresh(
  user: AppUserRecord & Stored,
  change: (current: AppUserRecord & Stored) => AppUserRecord,
): Promise<AppUserRecord & Stored> {
  for (let attempt = 1; ; attempt++) {
    const current = attempt === 1 ? user : await appUserOf(user.id);
    try {
      return await appUsers.update(current, change(current));
    } catch (error) {
      if (!(error instanceof AppError && error.message === 'server.staleUpdate') || attempt >= 4) throw error;
    }
  }
}

export const signOut = (sessionId: string | undefined) =>
  sessionId ? closeSession(sessionId) : Promise.resolve();

export async function updateProfile(userId: string | undefined, input: z.infer<typeof appProfileSchema>) {
  const user = await appUserOf(userId);
  const changed = await updateFresh(user, ({ phone: _p, ...rest }) => ({
    ...rest,
    userName: input.userName,
    ...(input.phone ? { phone: input.phone } : {}),
  }));
  return shownAppUser(changed);
}
