/**
 * System administration entities of docs/product.md sections 3 and 5 (roles, users, companies, operator
 * limits, logs), written once: the API validates requests with these and the console's forms use the same
 * ones. Messages are i18n keys (`validation.*`).
 */
import { z } from 'zod';
import { optional, requiredText, text } from './fields.ts';
import { email, LIMITS, password, phone, username } from './identity.ts';

/**
 * The deepest page a list serves. A page is read from its list's start (DynamoDB has no offset), so
 * `current` × `size` items are read: 10,000 pages of at most 500 rows keeps that bounded (and far below
 * DynamoDB's 32-bit Limit) while no one pages further by hand (docs/decisions/011-page-bounds.md).
 */
export const MAX_PAGE = 10_000;

/** `current` of a paged list request: a page number from 1 to MAX_PAGE. */
export const pageNumber = () =>
  z.coerce
    .number({ error: 'validation.pageNumber' })
    .int({ error: 'validation.pageNumber' })
    .min(1, { error: 'validation.pageNumber' })
    .max(MAX_PAGE, { error: 'validation.pageNumber' })
    .default(1);

/** Paged list requests (docs/architecture.md section 3): `current` from 1, `size` rows per page. */
export const pageQuery = z.object({
  current: pageNumber(),
  size: z.coerce.number().int().min(1).max(500).default(10),
  /** Sort field of the records (a field name) and direction; the list's own order otherwise. */
  orderBy: z
    .string()
    .regex(/^\w{1,40}$/)
    .optional()
    .catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A list filter from a search box or a select (which sends numbers as text or as numbers): text of up to 100. */
const listFilter = () =>
  optional(
    z.union([z.string(), z.number()], { error: 'validation.invalid' }).transform(String).pipe(text(100)),
  );

/** The filters of the system lists, checked like their pages (a wrong type is a 400, never a crash). */
export const userListQuery = pageQuery.extend({
  username: listFilter(),
  agentId: listFilter(),
  lockFlag: listFilter(),
});
export const roleListQuery = pageQuery.extend({ roleName: listFilter() });
export const operatorListQuery = pageQuery.extend({ operatorName: listFilter(), subStatus: listFilter() });
export const nameListQuery = pageQuery.extend({ name: listFilter() });

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  /** A substring filter over a very large list searched only its first part (functions/data/repository.ts). */
  truncated?: boolean;
  /** The total is a lower bound: counting stopped at a limit (functions/orders/queries.ts). */
  totalCapped?: boolean;
}

export const ROLE_FLAG = { admin: 0, company: 1 } as const;
/** Role type: 0 normal, 1 pro, 2 basic, 3 subscribeable, 4 unsubscribeable (1 to 4 are subscription roles). */
export const ROLE_TYPE = { normal: 0, pro: 1, basic: 2, subscribeable: 3, unsubscribeable: 4 } as const;

export const roleForm = z.object({
  roleName: requiredText(32),
  roleCode: requiredText(32).regex(/^[A-Za-z0-9_]+$/, { error: 'validation.codeFormat' }),
  roleDesc: optional(text(255)),
  roleFlag: z.coerce.number().int().min(0).max(1),
  roleType: z.coerce.number().int().min(0).max(4).default(0),
  menuIds: z.array(z.string()).default([]),
});
export const roleUpdate = roleForm.extend({
  roleId: z.string().min(1),
  version: z.number().int().optional(),
});
export type RoleForm = z.infer<typeof roleForm>;

export interface Role extends RoleForm {
  roleId: string;
  agentId?: string;
  createTime: string;
  version: number;
}

/** lockFlag: 0 normal, 1 locked (by an administrator, or for LOCK_MINUTES after repeated failed logins). */
export const LOCK_FLAG = { normal: 0, locked: 1 } as const;
export const AUTH_RULES = { maxFailures: 5, lockMinutes: 30, imageCodeSeconds: 120 } as const;

export const userAdd = z.object({
  username,
  password,
  role: z.array(z.string()).min(1, { error: 'validation.roleRequired' }),
  phone: optional(phone),
  email: optional(email),
  /** Company of the new user; defaults to the caller's. Platform callers may leave it empty (platform user). */
  agentId: optional(z.string()),
  expireTime: optional(z.string().datetime({ error: 'validation.dateFormat' })),
});
export const userUpdate = z.object({
  userId: z.string().min(1),
  role: z.array(z.string()).min(1, { error: 'validation.roleRequired' }).optional(),
  phone: optional(phone),
  email: optional(email),
  lockFlag: z.coerce.number().int().min(0).max(1).optional(),
  expireTime: optional(z.string().datetime({ error: 'validation.dateFormat' })),
  version: z.number().int().optional(),
});
export const resetPwd = z.object({ userId: z.string().min(1), password });
export const stationBind = z.object({ userId: z.string().min(1), stationIds: z.array(z.string()) });

export interface SysUser {
  userId: string;
  username: string;
  phone?: string;
  email?: string;
  agentId?: string;
  agentName?: string;
  role: string[];
  roleNames: string[];
  /** The code of each role in `roleNames`, in the same order. */
  roleCodes?: string[];
  lockFlag: number;
  lockTime?: string;
  expireTime?: string;
  lastIp?: string;
  lastLoginTime?: string;
  lastLoginSource?: string;
  parentUserId?: string;
  kind: 'user' | 'fleet';
  createTime: string;
  version: number;
}

export const SUB_STATUS = { notSubscribed: 0, subscribed: 1, notNeeded: 2 } as const;

/** ISO 4217 currencies an operator may bill in (fees are priced in minor units of these). */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CNY',
  'TWD',
  'HKD',
  'THB',
  'SGD',
  'JPY',
  'AUD',
  'CAD',
  'CHF',
] as const;

export const operatorForm = z.object({
  operatorName: requiredText(32),
  parentId: optional(z.string()),
  currency: z.enum(CURRENCIES, { error: 'validation.currency' }),
  contactMail: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(LIMITS.emailMax, { error: 'validation.tooLong' })
    .pipe(z.email({ error: 'validation.emailFormat' })),
  contactPerson: optional(text(32)),
  contactPhone: optional(text(32)),
  servicePhone: optional(text(32)),
  postalCode: optional(text(32)),
  address: optional(text(255)),
  url: optional(text(255)),
  payId: optional(z.string()),
  payUuid: optional(z.string()),
  payName: optional(z.string()),
  mailId: optional(z.string()),
  mailName: optional(z.string()),
  subStatus: z.coerce.number().int().min(0).max(2).optional(),
  /** OCPP: an identity token the company does not know is accepted (1) or refused (0, the default). */
  acceptUnknownIdTag: z.coerce.number().int().min(0).max(1).optional(),
});
export const operatorUpdate = operatorForm.extend({
  id: z.string().min(1),
  version: z.number().int().optional(),
});
export type OperatorForm = z.infer<typeof operatorForm>;

export interface Operator extends OperatorForm {
  id: string;
  parentName?: string;
  subStatus: number;
  /**
   * Subscription package: 0 Basic, 1 Pro (set by the subscription,
   * docs/decisions/296-subscription-activation.md).
   */
  featurePackageType?: number;
  /** Days before the subscription ends from which the console warns (set by the subscription). */
  expireRemindDays?: number;
  createTime: string;
  version: number;
}

/** revenueTariff: the platform's fee percentage per order, 0 to 100 with at most two decimals. */
export const operatorLimitForm = z.object({
  name: requiredText(32),
  gunNum: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(0)
    .max(1_000_000),
  revenueTariff: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, { error: 'validation.percentage' }),
  agentId: optional(z.string()),
});
export const operatorLimitUpdate = operatorLimitForm.extend({
  id: z.string().min(1),
  version: z.number().int().optional(),
});

export const LOG_TYPE = { normal: '0', abnormal: '9' } as const;

export const logQuery = pageQuery.extend({
  type: optional(z.enum(['0', '9'])),
  title: optional(z.string()),
  createBy: optional(z.string()),
  /** UTC ISO times; the window defaults to the last 7 days and may not exceed 30 days. */
  startTime: optional(z.string().datetime()),
  endTime: optional(z.string().datetime()),
});

export interface LogEntry {
  id: string;
  title: string;
  type: '0' | '9';
  serviceId: string;
  createBy: string;
  createTime: string;
  remoteAddr: string;
  userAgent: string;
  requestUri: string;
  method: string;
  params: string;
  time: number;
  exception?: string;
}
