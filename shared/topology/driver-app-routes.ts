/**
 * The driver-app API (functions/driverapp/handler.ts; docs/decisions/194-driver-app-api.md): sign-up and
 * sign-in are public; every other call takes the app's own tokens only (`auth: 'app'`), never a staff token,
 * and a staff call never takes an app token.
 */
import type { HttpRouteDecl } from './types.ts';

const pub = (path: string): HttpRouteDecl => ({ method: 'POST', path, domain: 'driverapp', auth: 'public' });
const app = (path: string): HttpRouteDecl => ({ method: 'POST', path, domain: 'driverapp', auth: 'app' });

export const driverAppRoutes: HttpRouteDecl[] = [
  pub('/app/auth/signUp'),
  pub('/app/auth/signIn'),
  app('/app/auth/signOut'),
  app('/app/user/profile'),
  app('/app/user/update'),
  app('/app/wallet/config'),
  app('/app/wallet/topUp'),
  app('/app/wallet/confirm'),
  app('/app/charge/start'),
  app('/app/charge/stop'),
  app('/app/order/list'),
  app('/app/reservation/list'),
];
