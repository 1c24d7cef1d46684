/**
 * Routes of resource calls beyond the generic five (uploads, a test mail, a reply...), one list per group so
 * each group's file is edited by one hand. Each names its domain (admin for system, biz for catalogue and
 * device), permission code, and audit title when it changes something.
 */
import type { HttpRouteDecl } from './types.ts';

export const systemActionRoutes: HttpRouteDecl[] = [];
export const catalogueActionRoutes: HttpRouteDecl[] = [];
export const deviceActionRoutes: HttpRouteDecl[] = [];

export const resourceActionRoutes = [...systemActionRoutes, ...catalogueActionRoutes, ...deviceActionRoutes];
