/**
 * Subscription plans and the subscribe calls (docs/decisions/299-subscription-codes.md;
 * functions/plans), served by the subscription domain. Plans: list and info 6910 (/plan; a company
 * sees the universal entries and its own custom plans), add, update and the receipt upload 6911 (platform
 * only); the universal entries any signed-in user (the wizard of a company that has not subscribed yet).
 * Subscribing is the company administrator's `sys_planoper_edit` (docs/product.md section 6: company
 * administrators renew subscriptions; the "Awaiting subscription" role grants it). The webhook is public:
 * Stripe signs it, the handler checks the signature.
 */
import { API } from '@shared/api/paths.ts';
import { CODE, PERMISSION } from '@shared/permissions/menus.ts';
import type { HttpRouteDecl } from './types.ts';

export const PLAN_CODE = { view: CODE.plans, edit: CODE.planEdit } as const;

const route = (path: string, permission: string, audit?: string, auditWhat?: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'subscription',
  auth: 'user',
  permission,
  ...(audit ? { audit } : {}),
  ...(auditWhat ? { auditWhat } : {}),
});

export const subscriptionRoutes: HttpRouteDecl[] = [
  route(API.admin.plan.list, PLAN_CODE.view),
  route(API.admin.plan.info, PLAN_CODE.view),
  route(API.admin.plan.receipt, PLAN_CODE.view),
  route(API.admin.plan.add, PLAN_CODE.edit, 'server.audit.resourceAdd', 'subscriptionRes.names.plan'),
  route(API.admin.plan.update, PLAN_CODE.edit, 'server.audit.resourceUpdate', 'subscriptionRes.names.plan'),
  route(API.admin.plan.upload, PLAN_CODE.edit, 'subscriptionRes.audit.planUpload'),
  route(API.admin.plan.universalList, 'login'),
  route(API.admin.subscribe.overview, PERMISSION.planOperEdit, 'subscriptionRes.audit.overview'),
  route(API.admin.subscribe.riskWarning, PERMISSION.planOperEdit),
  {
    ...route(API.admin.subscribe.pay, PERMISSION.planOperEdit, 'subscriptionRes.audit.pay'),
    // Card fields are refused, and never kept in the audit entry either.
    auditMask: [
      'cardNo',
      'cardNumber',
      'number',
      'cvc',
      'expireYear',
      'expireMonth',
      'exp_month',
      'exp_year',
    ],
  },
  route(API.admin.subscribe.secure, PERMISSION.planOperEdit, 'subscriptionRes.audit.secure'),
  route(API.admin.subscribe.offlinePay, PERMISSION.planOperEdit, 'subscriptionRes.audit.offlinePay'),
  route(API.admin.subscribe.info, PLAN_CODE.view),
  route(API.admin.subscribe.payConfig, PERMISSION.planOperEdit),
  { method: 'POST', path: '/admin/subscribe/webhook', domain: 'subscription', auth: 'public' },
];
