/**
 * Revenue statistics and transaction insight (docs/decisions/272-revenue-from-daily-rollups.md;
 * functions/orders/revenue.ts): statistics 4400, their Excel export 4400 (and the Pro file export code 9100;
 * queues a file: audited), transaction insight 4600, the home dashboard 1100. All read the revenue rollups
 * only (the dashboard also live state and alarm counters).
 */
import { API } from '@shared/api/paths.ts';
import type { HttpRouteDecl } from './types.ts';
import { CODE } from '@shared/permissions/menus.ts';

const revenue = (path: string, permission: string, audit?: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'orders',
  auth: 'user',
  permission,
  ...(audit ? { audit } : {}),
});

export const revenueRoutes: HttpRouteDecl[] = [
  revenue(API.biz.revenue.stat, CODE.revenue),
  {
    ...revenue(API.biz.revenue.export, CODE.revenue, 'revenueRes.audit.export'),
    alsoNeeds: [CODE.fileExport],
  },
  revenue(API.biz.transactionInsight.stat, CODE.transactionInsight),
  // The home dashboard (functions/orders/home.ts): rollups, counters and live state.
  revenue(API.biz.home.dashboard, CODE.home),
];
