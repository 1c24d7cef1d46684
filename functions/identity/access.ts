/**
 * Who the caller is and what they may do: the user, their company, their tenant scope and their
 * permission codes (docs/product.md section 6), loaded once per request from the token's subject.
 *
 * Permissions are the union of the menu ids of the user's roles. A company user's set is further limited by
 * the company's subscription role (role types 1 to 4): subStatus 0 → the "subscribeable" role, subStatus 1 →
 * the Pro or Basic role of its package, subStatus 2 → the "unsubscribeable" role. Pro-only codes (`pro` in
 * shared/permissions/menus.ts: data export, smart charging, fleets, station pictures...) are never granted to
 * a company whose package is not Pro, whatever its roles hold (the subscription roles are editable), and
 * platform-only codes are never granted to a company user.
 */
import { FLEET_ACCOUNT_CODES, menuById } from '@shared/permissions/menus.ts';
import { AUTH_RULES, LOCK_FLAG, ROLE_TYPE, SUB_STATUS } from '@shared/schemas/admin.ts';
import { forbidden, unauthorized } from '@functions/lib/errors.ts';
import { timedMemo } from '@functions/lib/memo.ts';
import { PLATFORM_TENANT, visible, type Stored } from '@functions/lib/records.ts';
import { operators, type OperatorRecord } from '@functions/data/operators.ts';
import { roles, type RoleRecord } from '@functions/data/roles.ts';
import { users, type UserRecord } from '@functions/data/users.ts';

export interface Identity {
  user: UserRecord & Stored;
  operator?: OperatorRecord & Stored;
  /** Tenant path the caller sees: their company's path, `/` for platform users. */
  scope: string;
  platform: boolean;
  permissions: Set<string>;
  roles: (RoleRecord & Stored)[];
  /**
   * The stations the user is bound to (POST /biz/station/bind; docs/decisions/190): they see only these
   * stations and what belongs to them. Undefined: not bound, every station of the scope.
   */
  stations?: readonly string[];
  /**
   * A fleet account's fleet (docs/decisions/366): it reaches only the routes marked for fleet accounts, and on
   * them only this fleet's records. Undefined for staff, who see every fleet of their scope.
   */
  fleetId?: string;
}

/**
 * What a caller may see, as data a later task can carry (an export): their company scope and, when bound,
 * their stations. An Identity is one.
 */
export interface Reach {
  scope: string;
  stations?: readonly string[];
  fleetId?: string;
}

export const reachOf = (identity: Reach): Reach => ({
  scope: identity.scope,
  ...(identity.stations ? { stations: identity.stations } : {}),
  ...(identity.fleetId !== undefined ? { fleetId: identity.fleetId } : {}),
});

/** Whether a fleet account's binding lets it see a fleet's record (staff see every fleet of their scope). */
export function fleetVisible(reach: Pick<Reach, 'fleetId'>, fleetId: unknown): boolean {
  return reach.fleetId === undefined || (!!reach.fleetId && fleetId === reach.fleetId);
}

/** Whether the caller's station binding lets them see a station (any station when they are not bound). */
export function stationVisible(reach: Pick<Reach, 'stations'>, stationId: unknown): boolean {
  return !reach.stations || (typeof stationId === 'string' && reach.stations.includes(stationId));
}

/**
 * Whether a record of a station (an order, a reservation, an alarm) is the caller's to see: of a company in
 * their scope and, when they are bound to stations, of one of those.
 */
export function inReach(reach: Reach, item: { tenant?: unknown; stationId?: unknown }): boolean {
  return (
    visible(reach.scope, String(item.tenant ?? PLATFORM_TENANT)) && stationVisible(reach, item.stationId)
  );
}

/** Why an account may not sign in now, as a catalog key; undefined when it may. */
export function signInRefusal(user: UserRecord, now = Date.now()): string | undefined {
  if (user.delFlag === 1) return 'server.accountDeleted';
  if (user.lockFlag === LOCK_FLAG.locked) {
    // An administrator's lock has no lockTime; a lock after failed logins lasts AUTH_RULES.lockMinutes.
    if (!user.lockTime || now < Date.parse(user.lockTime) + AUTH_RULES.lockMinutes * 60_000)
      return user.lockTime ? 'server.accountLockedFailures' : 'server.accountDisabled';
  }
  if (user.expireTime && Date.parse(user.expireTime) < now) return 'server.accountExpired';
  return undefined;
}

/** Subscription role type that limits a company in the given state. */
export function subscriptionRoleType(operator: Pick<OperatorRecord, 'subStatus' | 'featurePackageType'>) {
  if (operator.subStatus === SUB_STATUS.notSubscribed) return ROLE_TYPE.subscribeable;
  if (operator.subStatus === SUB_STATUS.notNeeded) return ROLE_TYPE.unsubscribeable;
  return operator.featurePackageType === 1 ? ROLE_TYPE.pro : ROLE_TYPE.basic;
}

/** Whether a company may use the Pro features: on the Pro package, or needing no subscription at all. */
export function proEntitled(operator: Pick<OperatorRecord, 'subStatus' | 'featurePackageType'>): boolean {
  const type = subscriptionRoleType(operator);
  return type === ROLE_TYPE.pro || type === ROLE_TYPE.unsubscribeable;
}

export async function subscriptionMenus(roleType: number): Promise<Set<string> | undefined> {
  const all = await roles.list(PLATFORM_TENANT);
  const matching = all.filter((r) => r.tenant === PLATFORM_TENANT && r.roleType === roleType);
  if (matching.length === 0) return undefined; // no subscription role of this type: no extra limit
  return new Set(matching.flatMap((r) => r.menuIds));
}

export async function permissionsOf(
  userRoles: RoleRecord[],
  operator: OperatorRecord | undefined,
): Promise<Set<string>> {
  const granted = new Set(userRoles.flatMap((r) => r.menuIds));
  if (!operator) return granted;
  const limit = await subscriptionMenus(subscriptionRoleType(operator));
  const pro = proEntitled(operator);
  return new Set(
    [...granted].filter((id) => {
      const menu = menuById.get(id);
      return !menu?.platformOnly && (pro || !menu?.pro) && (limit === undefined || limit.has(id));
    }),
  );
}

/**
 * Refuses a caller without the code: a Pro-only code a company's package lacks says so ("the Pro package
 * includes this"), anything else is the plain permission refusal.
 */
export function requireCode(identity: Identity, code: string): void {
  if (identity.permissions.has(code)) return;
  if (identity.operator && menuById.get(code)?.pro && !proEntitled(identity.operator))
    throw forbidden('server.proOnly');
  throw forbidden();
}

const memo = timedMemo<string, Identity>(3000);

/** Identity changes (roles, locks, deletion) apply to the next request. */
export function forgetIdentities(): void {
  memo.clear();
}

async function load(userId: string): Promise<Identity> {
  const user = await users.getAny(userId);
  if (!user) throw unauthorized();
  const refusal = signInRefusal(user);
  if (refusal) throw unauthorized(refusal);
  const operator = user.agentId ? await operators.getAny(user.agentId) : undefined;
  if (user.agentId && !operator) throw unauthorized('server.companyDeleted');
  const userRoles = (await Promise.all(user.role.map((id) => roles.getAny(id)))).filter(
    (r): r is RoleRecord & Stored => r !== undefined,
  );
  return {
    user,
    operator,
    scope: operator?.path ?? PLATFORM_TENANT,
    platform: !operator,
    // A fleet account holds its fleet console's codes, not its roles' (decision 366).
    permissions: await permissionsOf(
      user.kind === 'fleet' ? [{ menuIds: [...FLEET_ACCOUNT_CODES] } as RoleRecord] : userRoles,
      operator,
    ),
    roles: userRoles,
    ...(user.stationIds?.length ? { stations: [...user.stationIds].sort() } : {}),
    // A fleet account without its fleet (not yet bound, or its fleet gone) is bound to none: it sees nothing.
    ...(user.kind === 'fleet' ? { fleetId: user.fleetId ?? '' } : {}),
  };
}

export function loadIdentity(userId: string): Promise<Identity> {
  return memo.get(userId, () => load(userId));
}
