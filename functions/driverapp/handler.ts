/**
 * The driver-app API (docs/decisions/194-driver-app-api.md): the `/app/` routes, with tokens of their own
 * (kind `app`). The one place binding these routes to the services: each request is read and checked here
 * with the shared schemas.
 */
import { httpHandler, ok, type Request, type Route } from '@functions/api/http.ts';
import { parse } from '@functions/lib/validate.ts';
import {
  appPageQuery,
  appProfileSchema,
  appSignInSchema,
  appSignUpSchema,
  appStartSchema,
  appStopSchema,
  appTopUpConfirmSchema,
  appTopUpSchema,
} from '@shared/schemas/driver-app.ts';
import { shownAppUser } from '@functions/accounts/app-users.ts';
import { appUserOf, signIn, signOut, signUp, updateProfile } from './account.ts';
import { startCharging, stopCharging, tidyHolds, userOrders, userReservations } from './charging.ts';
import { confirmTopUp, topUp, walletConfig } from './wallet.ts';
// The reactions to the events the charging calls can emit (docs/decisions/400).
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

const context = (req: Request) => ({
  ip: req.event.requestContext.http.sourceIp,
  at: new Date().toISOString(),
});
const me = (req: Request) => appUserOf(req.appUserId);

export const handler = httpHandler({
  'POST /app/auth/signUp': async (req) => ok(await signUp(parse(appSignUpSchema, req.body), context(req))),
  'POST /app/auth/signIn': async (req) => ok(await signIn(parse(appSignInSchema, req.body), context(req))),
  'POST /app/auth/signOut': async (req) => (await signOut(req.caller.sessionId), ok(null)),
  /** The user with their balance, frozen amount and tag (holds whose session never came are given back first). */
  'POST /app/user/profile': async (req) => {
    const user = await me(req);
    return ok(shownAppUser((await tidyHolds(user)) ? await me(req) : user));
  },
  'POST /app/user/update': async (req) =>
    ok(await updateProfile(req.appUserId, parse(appProfileSchema, req.body))),
  'POST /app/wallet/config': async (req) => ok(await walletConfig(await me(req))),
  'POST /app/wallet/topUp': async (req) => topUp(await me(req), parse(appTopUpSchema, req.body)),
  'POST /app/wallet/confirm': async (req) =>
    confirmTopUp(await me(req), parse(appTopUpConfirmSchema, req.body).paymentId),
  'POST /app/charge/start': async (req) =>
    ok(await startCharging(await me(req), parse(appStartSchema, req.body))),
  'POST /app/charge/stop': async (req) =>
    ok(await stopCharging(await me(req), parse(appStopSchema, req.body))),
  'POST /app/order/list': async (req) =>
    ok(await userOrders(await me(req), parse(appPageQuery, req.body ?? {}))),
  'POST /app/reservation/list': async (req) =>
    ok(await userReservations(await me(req), parse(appPageQuery, req.body ?? {}))),
} satisfies Record<string, Route>);
