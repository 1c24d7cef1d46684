/**
 * Routes of the fee group beyond the generic resource calls (fees domain): the discount actions. Each names
 * its permission code and audit title.
 */
import { API } from '@shared/api/paths.ts';
import { DISCOUNT_CODE } from '@shared/resources/fee/discount.ts';
import type { HttpRouteDecl } from './types.ts';

export const feeActionRoutes: HttpRouteDecl[] = (
  [
    ['enable', 'feeRes.audit.discountEnable'],
    ['disable', 'feeRes.audit.discountDisable'],
    ['abandon', 'feeRes.audit.discountAbandon'],
  ] as const
).map(([action, audit]) => ({
  method: 'POST',
  path: API.biz.discount[action],
  domain: 'fees',
  auth: 'user',
  permission: DISCOUNT_CODE.edit,
  audit,
}));
